import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// What the screen masks, the files that leave the process redact: key-like
/// headers and credentials in the query, in HAR files and JSON lines alike.
@Suite struct CredentialExportTests {
    static let target = "/api/getPerson?id=1&api_key=sk_live_SECRET123456&access_token=tok_SECRET9876&pageToken=p2"

    static func entry() -> JournalEntry {
        var entry = JournalEntry(
            sequence: 4, time: 1_763_812_862.5, method: "GET", target: Self.target, status: .answered(200),
            duration: .milliseconds(1), endpointID: "person", mode: .success, latency: nil)
        entry.details = FakeExchange(
            requestHeaders: [
                ("X-Session-Token", "sess-SECRET"), ("X-Goog-Api-Key", "AIzaSECRET"), ("Accept", "application/json"),
            ],
            responseHeaders: [("Content-Type", "application/json")], responseBody: [])
        return entry
    }

    @Test func harRedactsKeyHeadersAndQueryCredentialsInURLAndQueryString() throws {
        let text = HARWriter.document(entries: [Self.entry()], serverURL: "http://127.0.0.1:8080")
        #expect(!text.contains("SECRET"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let entries = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let request = try #require(entries.first?["request"] as? [String: Any])
        #expect(
            request["url"] as? String
                == "http://127.0.0.1:8080/api/getPerson?id=1&api_key=REDACTED&access_token=REDACTED&pageToken=p2")
        let query = try #require(request["queryString"] as? [[String: String]])
        #expect(query.map { $0["value"] } == ["1", "REDACTED", "REDACTED", "p2"])
        let headers = try #require(request["headers"] as? [[String: String]])
        #expect(headers.map { $0["value"] } == ["REDACTED", "REDACTED", "application/json"])
        let plain = HARWriter.document(entries: [Self.entry()], serverURL: "http://x", redact: false)
        #expect(plain.contains("sk_live_SECRET123456") && plain.contains("sess-SECRET"))
    }

    @Test func jsonLinesRedactQueryCredentials() {
        let line = Self.entry().jsonLine
        #expect(line.contains(#""query":"id=1&api_key=REDACTED&access_token=REDACTED&pageToken=p2""#))
        #expect(!line.contains("SECRET"))
        #expect(Self.entry().jsonLine(redact: false).contains("api_key=sk_live_SECRET123456"))
    }

    @Test func credentialNamesAreMatchedWithoutRegardToCaseOrSeparators() {
        for name in ["api_key", "API-KEY", "apiKey", "access_token", "key", "client_secret", "X-Amz-Signature", "sig"] {
            #expect(CredentialNames.isQueryParameter(name), "\(name)")
        }
        for name in ["id", "lat", "keyword", "pageToken", "next_page_token", "q"] {
            #expect(!CredentialNames.isQueryParameter(name), "\(name)")
        }
        for name in ["X-Session-Token", "X-Goog-Api-Key", "authorization", "Cookie"] {
            #expect(CredentialNames.isHeader(name), "\(name)")
        }
        #expect(CredentialNames.maskingQuery(in: "/a?id=1&q=x") { _ in "M" } == nil)
        #expect(CredentialNames.redactingQuery(in: "/a?token=&key=k") == "/a?token=&key=REDACTED")
    }
}
