import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

/// SwitchboardKit applies scenarios at once and refuses drills, whose
/// steps would tie a test to the wall clock.
@Suite struct DrillFromCodeTests {
    @Test func applyingADrillFromCodeIsRefusedClearly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-drill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              bad-day:
                steps:
                  - { at: 0s, login: { mode: server_error } }
              outage: { login: { mode: server_error } }
            """.utf8
        ).write(to: folder.appendingPathComponent("switchboard.yml"))
        let board = try await Switchboard.start(fixtures: folder)
        try await stopping(board) { () async throws in
            let refused = await #expect(throws: SwitchboardError.self) { try await board.apply(scenario: "bad-day") }
            #expect(refused?.problem == .drillFromCode)
            #expect(refused?.message.hasPrefix("scenario 'bad-day' is a drill (timed steps)") == true)
            #expect(try board.mode(of: "login") == .success)
            // The same written against the control protocol.
            let generic = await #expect(throws: SwitchboardError.self) {
                try await Self.apply("bad-day", on: board)
            }
            #expect(generic == refused)
            #expect(try board.mode(of: "login") == .success)
            try await board.apply(scenario: "outage")
            #expect(try board.mode(of: "login") == .serverError)
        }
    }

    static func apply(_ name: String, on board: some SwitchboardControlling) async throws {
        try await board.apply(scenario: name)
    }
}
