import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Who may call the control API: this machine only, or anyone with the token.
@Suite struct ControlAccessTests {
    func status(_ url: String, _ extra: [String] = []) async throws -> Int {
        try await CurlTiming.get(URL(string: url)!, extra: extra).status
    }

    @Test func withATokenEveryCallMustCarryIt() async throws {
        let server = try RunningServer.demo(controlToken: "s3cret")
        let port = server.port
        try await server.serving { server in
            let url = "http://127.0.0.1:\(port)/__switchboard/endpoints"
            #expect(try await self.status(url) == 401)
            #expect(try await self.status(url, ["-H", "Authorization: Bearer wrong"]) == 401)
            #expect(try await self.status(url, ["-H", "Authorization: Bearer s3cret"]) == 200)
            let headers = try await Subprocess.run("curl", ["-s", "-D", "-", "-o", "/dev/null", url]).stdout
            #expect(headers.contains(#"WWW-Authenticate: Bearer realm="switchboard""#))
            // The fake API itself needs no token.
            #expect(try await self.status("http://127.0.0.1:\(port)/data/all/coinlist") == 200)
        }
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
