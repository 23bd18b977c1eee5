import Foundation
import SwitchboardCore
import Testing

@testable import switchboard

/// `--log FILE`: the lines reach the file, and finishing closes it, as a
/// long session that opens logs must not keep descriptors for ever.
@Suite struct JSONLinesSinkTests {
    /// Descriptors of this process open on `path`.
    static func descriptors(on path: String) -> Int {
        let folder = "/proc/self/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path }
            .count
    }

    @Test func aLogFileIsWrittenWholeAndClosedWhenFinished() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesSink.appending(to: path, redact: true)
        #expect(Self.descriptors(on: path) == 1)
        let entry = JournalEntry(
            sequence: 1, time: 0, method: "GET", target: "/a?token=secret", status: .answered(200),
            duration: .milliseconds(1), endpointID: "a", mode: .success, latency: nil)
        try sink.write([entry])
        try sink.finish()
        #expect(Self.descriptors(on: path) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.contains(#""query":"token=REDACTED""#))
        #expect(sink.written == 1)
    }
}
