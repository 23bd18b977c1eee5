import Testing

@testable import SwitchboardServer

@Suite struct BodyStageTests {
    @Test func theBodyIsReadOnlyWhereSomeEndpointReadsBodies() throws {
        let matching = try StageHarness(
            """
            endpoints:
              - { id: login, method: POST, path: /login, body: { json: { user: alice } } }
            """)
        var read = matching.exchange(.POST, "/login", body: #"{"user":"alice"}"#)
        #expect(BodyStage.run(&read).isNext)
        #expect(read.content.bytes == Array(#"{"user":"alice"}"#.utf8))
        let plain = try StageHarness("endpoints:\n  - { id: a, method: POST, path: /a }\n")
        var unread = plain.exchange(.POST, "/a", body: "x")
        #expect(BodyStage.run(&unread).isNext)
        #expect(unread.content.bytes == [], "nothing copied")
    }
}
