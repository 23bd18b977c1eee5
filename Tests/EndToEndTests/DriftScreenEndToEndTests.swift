import Foundation
import SwitchboardTestSupport
import Testing

/// Issue 26's proof of drift, on the real binary in a real terminal: a
/// `live` endpoint made from a description, in front of an upstream whose
/// answer has a field of the wrong type, shows `DRIFT` on the screen and
/// writes it to the journal (`--log`), while the client gets the answer as
/// it came.
@Suite(.serialized) struct DriftScreenEndToEndTests {
    /// The test upstream's `/json` is `{"episodes":[{"id":1,"title":"Pilot"},…]}`:
    /// the description agreed titles are integers.
    static let spec = """
        openapi: 3.0.3
        info: { title: Episodes, version: "1" }
        paths:
          /json:
            get:
              operationId: listEpisodes
              responses:
                '200':
                  description: the episodes
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [episodes]
                        properties:
                          episodes:
                            type: array
                            items:
                              type: object
                              properties: { id: { type: integer }, title: { type: integer } }
        """

    @Test func aLiveAnswerOfTheWrongTypeShowsDriftOnTheScreenAndInTheJournal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.spec.write(to: folder.appendingPathComponent("api.yaml"), atomically: true, encoding: .utf8)
        try "openapi: api.yaml\nendpoints:\n  - { id: listEpisodes, method: GET, path: /json, mode: live }\n"
            .write(to: folder.appendingPathComponent("switchboard.yml"), atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("journal.jsonl")

        try await TestUpstream.start().serving { upstream in
            let (session, port) = try await TmuxSession.startScreen(
                folder.path, width: 140, height: 30,
                extra: ["--upstream", upstream.baseURL.absoluteString, "--log", log.path])
            try await session.serving { session in
                let answer = try await HTTPClient.send(URL(string: "http://127.0.0.1:\(port)/json")!)
                #expect(answer.status == 200)
                #expect(answer.text.contains(#""title":"Pilot""#))
                #expect(
                    await session.waitForScreen { $0.contains("DRIFT body.episodes[0].title: expected integer (+1)") },
                    "\(session.screenForMessage())")
                try await session.quit()
            }
        }
        let line = try #require(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").last)
        #expect(
            line.contains(
                #""drift":["body.episodes[0].title: expected integer","body.episodes[1].title: expected integer"]"#),
            "\(line)")
    }
}
