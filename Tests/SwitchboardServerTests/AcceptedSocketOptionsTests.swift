import NIOCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

#if canImport(Glibc)
    import Glibc
#endif

/// The options set on every accepted connection are the ones meant, at the
/// level meant: `TCP_NODELAY` asked for at the socket level was SO_DEBUG,
/// which Linux refuses to a user without CAP_NET_ADMIN, and NIO then reset
/// every connection (the tests run as root, where it was quietly set).
@Suite struct AcceptedSocketOptionsTests {
    @Test func anAcceptedConnectionHasNoDelayAndNoSocketDebugging() async throws {
        // The connection sends nothing: under the whole suite on two cores
        // the test can wait past the header timeout before it reads the
        // options of a connection the server has closed.
        let limits = ServerLimits(idleTimeout: .seconds(600), headerTimeout: .seconds(600))
        try await RunningServer.demo(limits: limits).serving { server in
            let fd = try #require(await RawHTTP.connect(port: server.port))
            defer { close(fd) }
            #expect(await waitUntil { server.server.connectionCount >= 1 })
            let channel = try #require(server.server.openChannels.first)
            let debug = ChannelOptions.Types.SocketOption(level: .socket, name: .init(rawValue: SO_DEBUG))
            #expect(try await channel.getOption(debug).get() == 0)
            #expect(try await channel.getOption(.tcpOption(.tcp_nodelay)).get() != 0)
        }
    }
}
