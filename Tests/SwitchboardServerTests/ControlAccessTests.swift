import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Who may call the control API: this machine only, or anyone with the token.
/// The token on the embedded channel; addresses other than loopback over a
/// real socket.
@Suite struct ControlAccessTests {
    func status(_ url: String, _ extra: [String] = []) async throws -> Int {
        try await CurlTiming.get(URL(string: url)!, extra: extra).status
    }

    @Test func withATokenEveryCallMustCarryIt() throws {
        let server = try WireHarness.demo(controlToken: "s3cret")
        /// Each call on a connection of its own: a refusal closes it.
        func call(_ target: String, _ headers: String = "") throws -> HTTPResult {
            try WireHarness(panel: server.panel, controlToken: "s3cret").response(
                to: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\(headers)\r\n")
        }
        let refused = try call("/__switchboard/endpoints")
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate") == #"Bearer realm="switchboard""#)
        #expect(try call("/__switchboard/endpoints", "Authorization: Bearer wrong\r\n").status == 401)
        #expect(try call("/__switchboard/endpoints", "Authorization: Bearer s3cret\r\n").status == 200)
        // The fake API itself needs no token.
        #expect(try call("/data/all/coinlist").status == 200)
    }

    /// This machine's first address that is not loopback, if it has one.
    static let outsideAddress: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            getnameinfo(
                address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST
            )
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") && !text.isEmpty { return text }
        }
        return nil
    }()

    @Test(.enabled(if: outsideAddress != nil, "needs an address other than loopback"))
    func withoutATokenOnlyThisMachineMayCall() async throws {
        let address = try #require(Self.outsideAddress)
        let server = try RunningServer.demo(host: "0.0.0.0")
        let port = server.port
        try await server.serving { server in
            #expect(try await self.status("http://127.0.0.1:\(port)/__switchboard/endpoints") == 200)
            #expect(try await self.status("http://\(address):\(port)/__switchboard/endpoints") == 403)
            #expect(try await self.status("http://\(address):\(port)/data/all/coinlist") == 200)
            let guarded = try RunningServer.demo(host: "0.0.0.0", controlToken: "t")
            let guardedPort = guarded.port
            try await guarded.serving { _ in
                let status = try await self.status(
                    "http://\(address):\(guardedPort)/__switchboard/endpoints", ["-H", "Authorization: Bearer t"])
                #expect(status == 200)
            }
        }
    }
}
