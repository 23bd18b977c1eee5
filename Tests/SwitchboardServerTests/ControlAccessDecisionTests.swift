import NIOCore
import NIOHTTP1
import Testing

@testable import SwitchboardServer

/// The control API's access decision as a pure value: who is a program on
/// this machine, and who is a web page or a stranger.
@Suite struct ControlAccessDecisionTests {
    static let loopback = try! SocketAddress(ipAddress: "127.0.0.1", port: 50_000)
    static let token = "0123456789abcdef-token"

    func decide(
        _ headers: [(String, String)], uri: String = "/__switchboard/reset", remote: SocketAddress? = loopback,
        token: String? = nil
    ) -> ControlAccess {
        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: uri, headers: HTTPHeaders(headers))
        return ControlAccess.check(head: head, remote: remote, token: token)
    }

    @Test func programsOnThisMachineMayCall() throws {
        #expect(self.decide([("Host", "127.0.0.1:8080")]) == .allowed)
        #expect(self.decide([("Host", "localhost:8080")]) == .allowed)
        #expect(self.decide([("Host", "[::1]:8080")], remote: try SocketAddress(ipAddress: "::1", port: 1)) == .allowed)
        #expect(self.decide([("Host", "127.0.0.1:8080"), ("Sec-Fetch-Site", "none")]) == .allowed)
    }

    @Test func aNameThatMerelyStartsWith127IsNotThisMachine() {
        #expect(self.decide([("Host", "127.0.0.1.evil.example:8080")]) == .foreignHost)
        #expect(self.decide([("Host", "127.0.0.1:8080@evil.example")]) == .foreignHost)
        #expect(self.decide([("Host", "rebound.example")]) == .foreignHost)
    }

    @Test func anAbsoluteFormTargetMustNameThisMachineToo() {
        #expect(self.decide([("Host", "127.0.0.1")], uri: "http://evil.example/__switchboard/har") == .foreignHost)
        #expect(self.decide([("Host", "127.0.0.1")], uri: "http://127.0.0.1:8080/__switchboard/har") == .allowed)
    }

    @Test func webPagesAreRefusedWhateverTheirOrigin() {
        for origin in ["http://127.0.0.1.evil.example", "http://localhost:5173", "http://127.0.0.1:3000", "null"] {
            #expect(self.decide([("Host", "127.0.0.1:8080"), ("Origin", origin)]) == .fromWebPage, "\(origin)")
        }
        for site in ["same-origin", "same-site", "cross-site"] {
            #expect(self.decide([("Host", "127.0.0.1:8080"), ("Sec-Fetch-Site", site)]) == .fromWebPage, "\(site)")
        }
    }

    @Test func otherMachinesAreRefusedWithoutAToken() throws {
        let outside = try SocketAddress(ipAddress: "192.0.2.7", port: 1)
        #expect(self.decide([("Host", "127.0.0.1:8080")], remote: outside) == .notLoopback)
        let mappedOutside = try SocketAddress(ipAddress: "::ffff:192.0.2.7", port: 1)
        #expect(self.decide([("Host", "127.0.0.1:8080")], remote: mappedOutside) == .notLoopback)
        #expect(self.decide([("Host", "127.0.0.1:8080")], remote: nil) == .notLoopback)
    }

    @Test func withATokenOnlyTheTokenCounts() throws {
        let outside = try SocketAddress(ipAddress: "192.0.2.7", port: 1)
        let bearer = ("Authorization", "Bearer \(Self.token)")
        #expect(
            self.decide([bearer, ("Origin", "http://evil.example")], remote: outside, token: Self.token) == .allowed)
        #expect(self.decide([("Host", "127.0.0.1:8080")], token: Self.token) == .badToken)
        #expect(self.decide([("Authorization", "Bearer "), ("Host", "127.0.0.1")], token: Self.token) == .badToken)
    }

    /// RFC 9110 §11.1: the scheme is case-insensitive, and some libraries
    /// send `bearer`; the token itself is matched exactly.
    @Test(arguments: ["Bearer", "bearer", "BEARER", "bEaReR"])
    func theSchemeIsMatchedInAnyCase(_ scheme: String) {
        #expect(self.decide([("Authorization", "\(scheme) \(Self.token)")], token: Self.token) == .allowed)
        #expect(self.decide([("Authorization", "\(scheme)  \(Self.token)")], token: Self.token) == .allowed)
    }

    @Test func onlyTheBearerSchemeWithTheExactTokenCounts() {
        for value in [
            "Basic \(Self.token)", "Bearer\(Self.token)", "Bearer \(Self.token.uppercased())", "Bearer \(Self.token)x",
            "Bearer \(Self.token.dropLast())", "\(Self.token)", "Bearer", "Bearer ", "Bearers \(Self.token)",
        ] {
            #expect(self.decide([("Authorization", value)], token: Self.token) == .badToken, "\(value)")
        }
    }
}
