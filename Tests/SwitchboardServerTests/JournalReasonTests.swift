import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The reason the screen's log line gives is in the journal record, so the
/// `serve` line and HAR say it too, and `setting` stays the endpoint's own.
@Suite struct JournalReasonTests {
    static func get(_ target: String, headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\(headers)\r\n"
    }

    static func harOwn(_ entry: JournalEntry) -> String {
        let har = HARWriter.document(entries: [entry], serverURL: "http://127.0.0.1:8080")
        return String(har[har.range(of: #""_switchboard":"#)!.upperBound...])
    }

    @Test func aMissingFixtureIsTheReasonInTheServeLineAndHAR() throws {
        let wire = try WireHarness.demo()
        #expect(try wire.response(to: Self.get("/episodes/99")).status == 404)
        let entry = try #require(wire.entries.last)
        #expect(
            entry.jsonLine.contains(
                #""mode":"success","setting":"success","latency":null,"reason":"no fixture episodes/99.json""#))
        #expect(Self.harOwn(entry).contains(#""reason":"no fixture episodes/99.json""#))
    }

    @Test func anUnmatchedRequestOnTheRightPathSaysWhatItLacked() throws {
        let wire = try WireHarness.demo()
        #expect(try wire.response(to: Self.get("/weather")).status == 404)
        let line = try #require(wire.entries.last?.jsonLine)
        #expect(line.contains(#""reason":"needs ?lat&lon""#), "\(line)")
    }

    @Test func preferIsNamedAsWhatChoseAndSettingStaysTheEndpoints() throws {
        let wire = try WireHarness.demo()
        _ = try wire.response(to: Self.get("/data/all/coinlist", headers: "Prefer: mode=server_error\r\n"))
        let forced = try #require(wire.entries.last)
        #expect(
            forced.jsonLine.contains(
                #""mode":"server_error","setting":"success","latency":null,"forced_by":"prefer","forced":"mode=server_error""#
            ), "\(forced.jsonLine)")
        #expect(Self.harOwn(forced).contains(#""forced_by":"prefer","forced":"mode=server_error""#))
        let record = try JSONDecoder().decode(RequestRecord.self, from: Data(forced.jsonLine.utf8))
        #expect(record.setting == "success" && record.forcedBy == "prefer" && record.forced == "mode=server_error")
        try wire.send(Self.get("/data/all/coinlist", headers: "Prefer: latency=sluggish\r\n"))
        wire.advance(by: .milliseconds(500))
        #expect(try wire.responses().map(\.status) == [200])
        let latency = try #require(wire.entries.last)
        #expect(latency.jsonLine.contains(#""mode":"success","setting":"success","latency":"sluggish""#))
        #expect(latency.jsonLine.contains(#""forced_by":"prefer","forced":"latency=sluggish""#))
        _ = try wire.response(to: Self.get("/data/all/coinlist"))
        #expect(wire.entries.last?.jsonLine.contains("forced") == false)
    }
}
