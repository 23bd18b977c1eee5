import Foundation
import SwitchboardTestSupport
import Testing

@testable import SwitchboardCore

/// One redaction for URLs wherever they appear: a request's target and the
/// URLs an answer sends the client to (`Location`, `Link`, `Refresh`) read
/// the same in the journal's views, HAR files, JSON lines and recordings.
@Suite struct URLCredentialsTests {
    static let location = "https://admin:hunter2@api.example.com/next?token=tok_SECRET&page=2"
    static let redactedLocation = "https://api.example.com/next?token=REDACTED&page=2"

    @Test(
        arguments: [
            (Self.location, Self.redactedLocation),
            ("//ana:pw@cdn.example.com/a?sig=SECRET", "//cdn.example.com/a?sig=REDACTED"),
            ("/login?next=https://a@b.example/", "/login?next=https://a@b.example/"),
            ("https://example.com/users/@ana", "https://example.com/users/@ana"),
            ("mailto:ana@example.com", "mailto:ana@example.com"),
            ("/plain?id=1", "/plain?id=1"),
            // A scheme of letters, digits, `+-.` in any case; anything else before `://` is no scheme.
            ("Svn+SSH.1://u:p@h/r", "Svn+SSH.1://h/r"),
            ("a b://u:p@h/r", "a b://u:p@h/r"),
            ("://u:p@h/r", "://u:p@h/r"),
            ("https://u:p@h", "https://h"),
            ("https://u@h#f@x", "https://h#f@x"),
            // The query is split by bytes: a value may hold any character.
            ("/a?é=1&api_key=sécret&b=ü", "/a?é=1&api_key=REDACTED&b=ü"),
            ("/a?%74oken=1&&token=&x", "/a?%74oken=REDACTED&&token=&x"),
        ])
    func aURLLosesItsUserinfoAndItsQueryCredentials(sent: String, shown: String) {
        #expect(CredentialNames.redactingURL(sent) == shown)
    }

    @Test func urlHeadersAreRedactedAndOthersKeptAsSent() {
        #expect(CredentialNames.redactedValue(ofHeader: "Location", Self.location) == Self.redactedLocation)
        #expect(CredentialNames.redactedValue(ofHeader: "content-location", Self.location) == Self.redactedLocation)
        #expect(
            CredentialNames.redactedValue(ofHeader: "Link", "<https://u:p@x/2?key=K>; rel=next, </3>; rel=last")
                == "<https://x/2?key=REDACTED>; rel=next, </3>; rel=last")
        #expect(
            CredentialNames.redactedValue(ofHeader: "Refresh", "5; URL=https://u:p@x/?access_token=T")
                == "5; URL=https://x/?access_token=REDACTED")
        #expect(CredentialNames.redactedValue(ofHeader: "Authorization", "Bearer x") == "REDACTED")
        #expect(CredentialNames.redactedValue(ofHeader: "X-Request-Id", "https://u:p@x/") == "https://u:p@x/")
    }

    static func redirect(target: String = "/login?api_key=SECRETKEY") -> JournalEntry {
        var entry = JournalEntry(
            sequence: 1, time: 1_763_812_862.5, method: "GET", target: target, status: .answered(302),
            duration: .milliseconds(1), endpointID: "login", mode: .success, latency: nil)
        entry.details = FakeExchange(
            requestHeaders: [], responseHeaders: [("Location", Self.location)], responseBody: [])
        return entry
    }

    /// The HAR's `redirectURL` and the response's `Location` header read
    /// what the request's URL reads: no password, no token.
    @Test func harRedactsTheLocationAndRedirectURL() throws {
        let text = HARWriter.document(entries: [Self.redirect()], serverURL: "http://127.0.0.1:8080")
        #expect(!text.contains("hunter2") && !text.contains("SECRET"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let entries = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let response = try #require(entries.first?["response"] as? [String: Any])
        #expect(response["redirectURL"] as? String == Self.redactedLocation)
        let headers = try #require(response["headers"] as? [[String: String]])
        #expect(headers.map { $0["value"] } == [Self.redactedLocation])
        let plain = HARWriter.document(entries: [Self.redirect()], serverURL: "http://x", redact: false)
        #expect(plain.contains("admin:hunter2@") && plain.contains("tok_SECRET"))
    }

    /// An absolute-form target (`GET http://user:pw@host/ HTTP/1.1`) loses
    /// its userinfo on the JSON line, as its query loses its credentials.
    @Test func theJSONLineRedactsAnAbsoluteTargetsUserinfo() {
        let line = Self.redirect(target: "http://ana:hunter2@host.example/a?key=SECRETKEY").jsonLine
        #expect(line.contains(#""path":"http://host.example/a","query":"key=REDACTED""#))
        #expect(!line.contains("hunter2"))
        let plain = Self.redirect(target: "/a?id=1").jsonLine
        #expect(plain.contains(#""path":"/a","query":"id=1""#))
    }

    /// A recorded redirect is shared with the fixtures: the same rule.
    @Test func aRecordingKeepsTheRedactedLocation() {
        let headers = [HeaderField(name: "Location", value: Self.location)]
        #expect(RecordedHeaders.filter(headers, encoded: false).map(\.value) == [Self.redactedLocation])
    }
}
