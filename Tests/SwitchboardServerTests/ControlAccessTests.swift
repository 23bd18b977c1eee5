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
    func server(host: String = "127.0.0.1", token: String?) throws -> (SwitchboardServer, Int) {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let server = SwitchboardServer(
            panel: ControlPanel(manifest: manifest), journal: RequestJournal(),
            configuration: ServerConfiguration(host: host, port: 0, threads: 1, controlToken: token))
        return (server, try server.start())
    }

    func status(_ url: String, _ extra: [String] = []) throws -> String {
        try Subprocess.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + extra + [url]).stdout
    }

    @Test func withATokenEveryCallMustCarryIt() throws {
        let (server, port) = try self.server(token: "s3cret")
        defer { server.shutdown() }
        let url = "http://127.0.0.1:\(port)/__switchboard/endpoints"
        #expect(try self.status(url) == "401")
        #expect(try self.status(url, ["-H", "Authorization: Bearer wrong"]) == "401")
        #expect(try self.status(url, ["-H", "Authorization: Bearer s3cret"]) == "200")
        let headers = try Subprocess.run("curl", ["-s", "-D", "-", "-o", "/dev/null", url]).stdout
        #expect(headers.contains(#"WWW-Authenticate: Bearer realm="switchboard""#))
        // The fake API itself needs no token.
        #expect(try self.status("http://127.0.0.1:\(port)/data/all/coinlist") == "200")
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
    func withoutATokenOnlyThisMachineMayCall() throws {
        let address = try #require(Self.outsideAddress)
        let (server, port) = try self.server(host: "0.0.0.0", token: nil)
        defer { server.shutdown() }
        #expect(try self.status("http://127.0.0.1:\(port)/__switchboard/endpoints") == "200")
        #expect(try self.status("http://\(address):\(port)/__switchboard/endpoints") == "403")
        #expect(try self.status("http://\(address):\(port)/data/all/coinlist") == "200")
        let (guarded, guardedPort) = try self.server(host: "0.0.0.0", token: "t")
        defer { guarded.shutdown() }
        #expect(
            try self.status(
                "http://\(address):\(guardedPort)/__switchboard/endpoints", ["-H", "Authorization: Bearer t"])
                == "200")
    }
}
