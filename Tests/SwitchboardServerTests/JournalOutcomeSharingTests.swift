import NIOCore
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The requests of an answer a connection remembers share one journal
/// outcome (`JournalEntry.Outcome`), made once: each entry still has its
/// own request, and the next change of the panel is journaled at once.
@Suite struct JournalOutcomeSharingTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { body: "one" } }
          - { id: b, method: GET, path: /b, success: { body: "two" } }
        """

    func get(_ server: WireHarness, _ uri: String, prefer: String? = nil) throws {
        let header = prefer.map { "Prefer: \($0)\r\n" } ?? ""
        try server.send("GET \(uri) HTTP/1.1\r\nHost: t\r\n\(header)\r\n")
        _ = try server.writtenBytes()
    }

    func entries(_ server: WireHarness) -> [JournalEntry] {
        server.journal.entries(after: 0).entries
    }

    @Test func theRequestsOfARememberedAnswerShareOneOutcomeAndKeepTheirOwnTarget() throws {
        let server = try WireHarness(manifest: Self.manifest)
        for uri in ["/a", "/a", "/a?token=secret", "/b"] { try self.get(server, uri) }
        let entries = self.entries(server)
        #expect(entries.map(\.target) == ["/a", "/a", "/a?token=secret", "/b"])
        #expect(entries[1].outcome.isIdentical(to: entries[0].outcome))
        #expect(entries[2].outcome.isIdentical(to: entries[0].outcome))
        #expect(!entries[3].outcome.isIdentical(to: entries[0].outcome))
        #expect(entries.map(\.endpointID) == ["a", "a", "a", "b"])
        #expect(entries[2].jsonLine.contains(#""path":"/a","query":"token=REDACTED","status":200,"#))
        // What was sent is shared too; what was asked is each request's own.
        let captured = entries.map { $0.details as? CapturedExchange }
        #expect(captured[1]?.response === captured[0]?.response && captured[2]?.response === captured[0]?.response)
        #expect(captured[3]?.response !== captured[0]?.response)
        #expect(
            entries.map { String(decoding: $0.details?.responseBody ?? [], as: UTF8.self) } == [
                "one", "one", "one", "two",
            ])
        #expect(Set(captured.compactMap { $0.map(ObjectIdentifier.init) }).count == 4)
        #expect(entries[3].jsonLine.contains(#","endpoint":"b","mode":"success","setting":"success","#))
    }

    @Test func aFlipAPreferAndAReloadAreJournaledAtOnce() throws {
        let server = try WireHarness(manifest: Self.manifest)
        try self.get(server, "/a")
        try server.panel.setMode(.serverError, endpoint: "a")
        try self.get(server, "/a")
        try self.get(server, "/a", prefer: "mode=success")
        try self.get(server, "/a")
        let reloaded = try MemoryFixtures(Self.manifest.replacingOccurrences(of: "id: a,", with: "id: first,")).load()
        server.panel.replaceManifest(reloaded)
        try self.get(server, "/a")
        let entries = self.entries(server)
        #expect(entries.map(\.status.code) == [200, 500, 200, 500, 200])
        #expect(entries.map(\.mode) == [.success, .serverError, .success, .serverError, .success])
        #expect(entries.map(\.preferred) == [false, false, true, false, false])
        #expect(entries.map(\.endpointID) == ["a", "a", "a", "a", "first"])
        #expect(!entries[1].outcome.isIdentical(to: entries[0].outcome))
        #expect(!entries[2].outcome.isIdentical(to: entries[1].outcome))
        #expect(entries[4].jsonLine.contains(#","endpoint":"first","mode":"success","#))
        let bodies = entries.map { String(decoding: $0.details?.responseBody ?? [], as: UTF8.self) }
        #expect(bodies[0] == "one" && bodies[2] == "one" && bodies[4] == "one")
        #expect(bodies[1] != "one" && bodies[3] == bodies[1])
        #expect(
            entries[1].details?.responseHeader("Content-Type") == entries[3].details?.responseHeader("Content-Type"))
    }
}
