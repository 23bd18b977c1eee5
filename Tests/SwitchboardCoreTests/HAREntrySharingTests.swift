import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// A `--har` file's writer keeps, from one entry to the next, the response
/// part it wrote for a shared response side and which header names
/// redaction may change: every entry must still be byte for byte the entry
/// written alone, whatever came before it.
@Suite struct HAREntrySharingTests {
    /// Details whose response side is `shared` (as the requests of one
    /// remembered answer share theirs).
    final class SharedExchange: ExchangeDetails {
        let base: FakeExchange
        let shared: FakeExchange
        init(_ base: FakeExchange, shared: FakeExchange) {
            self.base = base
            self.shared = shared
        }
        var httpVersion: String { self.base.httpVersion }
        var requestHeaders: [HeaderField] { self.base.requestHeaders }
        var requestBody: [UInt8] { self.base.requestBody }
        var requestBodySize: Int { self.base.requestBodySize }
        var responseHeaders: [HeaderField] { self.base.responseHeaders }
        var responseBody: [UInt8] { self.base.responseBody }
        var responseBodySize: Int { self.base.responseBodySize }
        var retainedBytes: Int { self.base.retainedBytes }
        var sharedResponse: AnyObject? { self.shared }
    }

    static func entry(
        _ sequence: Int, status: JournalEntry.Status = .answered(200), mode: Mode = .success, shared: FakeExchange,
        body: String = #"{"ok":true}"#, requestHeaders: [(String, String)] = [("Host", "localhost")]
    ) -> JournalEntry {
        let details = SharedExchange(
            FakeExchange(
                requestHeaders: requestHeaders,
                responseHeaders: [("Content-Type", "application/json"), ("Location", "https://u:p@example.com/a")],
                responseBody: Array(body.utf8)),
            shared: shared)
        var entry = JournalEntry(
            time: 1_763_812_862.007 + Double(sequence), method: "GET", target: "/a?token=secret", status: status,
            duration: .milliseconds(2), endpointID: "a", mode: mode, latency: nil, details: details)
        entry.sequence = sequence
        return entry
    }

    @Test func entriesWrittenInTurnAreTheEntriesWrittenAlone() {
        let first = FakeExchange(requestHeaders: [], responseHeaders: [], responseBody: [])
        let second = FakeExchange(requestHeaders: [], responseHeaders: [], responseBody: [])
        let entries = [
            Self.entry(1, shared: first),
            Self.entry(2, shared: first),
            // The same shared side, ended otherwise or in another mode.
            Self.entry(3, status: .answered(500), shared: first),
            Self.entry(4, status: .noStatusLine, mode: .fault(.reset), shared: first),
            Self.entry(5, shared: first),
            // Another answer's side: its own body.
            Self.entry(6, shared: second, body: #"{"ok":false}"#),
            // A credential header after names already seen, in another case.
            Self.entry(
                7, shared: second, body: #"{"ok":false}"#,
                requestHeaders: [("Host", "localhost"), ("AUTHORIZATION", "Bearer t")]),
        ]
        for redact in [true, false] {
            let inTurn = HARWriter.document(entries: entries, serverURL: "http://127.0.0.1:8080", redact: redact)
            let alone = entries.map {
                HARWriter.document(entries: [$0], serverURL: "http://127.0.0.1:8080", redact: redact)
            }
            for (index, text) in alone.enumerated() {
                let body = text.split(separator: "\n")[1]
                #expect(inTurn.contains(body), "entry \(index + 1), redact \(redact)")
            }
        }
        let redacted = HARWriter.document(entries: entries, serverURL: "http://127.0.0.1:8080", redact: true)
        #expect(!redacted.contains("Bearer t") && !redacted.contains("u:p@"))
        #expect(redacted.contains(#""status":500"#) && redacted.contains(#"\"ok\":false"#))
    }
}
