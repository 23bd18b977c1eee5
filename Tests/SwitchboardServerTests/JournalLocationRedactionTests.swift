import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The journal's detailed view (`requests/N`, `requests?details=true`)
/// redacts an answer's `Location` as it redacts the request's URL.
@Suite struct JournalLocationRedactionTests {
    @Test func aResponsesLocationReadsRedacted() {
        var entry = JournalEntry(
            sequence: 1, time: 1_763_812_862.5, method: "GET", target: "/login?token=tok_SECRET",
            status: .answered(302), duration: .milliseconds(1), endpointID: "login", mode: .success, latency: nil)
        entry.details = FakeExchange(
            requestHeaders: [],
            responseHeaders: [("Location", "https://admin:hunter2@host.example/next?token=tok_SECRET")],
            responseBody: [])
        let text = ControlJSON.entryDetails(entry, redact: true)
        #expect(text.contains(#"https://host.example/next?token=REDACTED"#))
        #expect(!text.contains("hunter2") && !text.contains("tok_SECRET"))
        #expect(ControlJSON.entryDetails(entry, redact: false).contains("admin:hunter2@"))
    }
}
