import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// HAR output checked against the HAR 1.2 structure: every required field,
/// with the right type.
@Suite struct HARWriterTests {
    static func entries() -> [JournalEntry] {
        var ok = JournalEntry(
            sequence: 1, time: 1_763_812_862.5, method: "POST", target: "/login?next=%2Fhome", status: .answered(401),
            duration: .milliseconds(12), endpointID: "login", mode: .error, latency: "slow",
            injectedDelay: .milliseconds(10))
        ok.details = FakeExchange(
            requestHeaders: [
                ("Host", "127.0.0.1:8080"), ("Authorization", "Bearer abc"), ("Cookie", "session=xyz; theme=dark"),
            ],
            requestBody: #"{"user":"ana"}"#,
            responseHeaders: [("Content-Type", "application/json"), ("Set-Cookie", "session=new")],
            responseBody: Array(#"{"error":"nope"}"#.utf8))
        var image = JournalEntry(
            sequence: 2, time: 1_763_812_863, method: "GET", target: "/images/kitten.jpg", status: .answered(200),
            duration: .milliseconds(1), endpointID: "kitten", mode: .success, latency: nil)
        image.details = FakeExchange(
            requestHeaders: [("Host", "x")], responseHeaders: [("Content-Type", "image/jpeg")],
            responseBody: [0xFF, 0xD8, 0xFF, 0x00])
        let reset = JournalEntry(
            sequence: 3, time: 1_763_812_864, method: "GET", target: "/data", status: .noStatusLine,
            duration: .milliseconds(1),
            endpointID: "data", mode: .reset, latency: nil)
        return [ok, image, reset]
    }

    func document(redact: Bool = true) throws -> [String: Any] {
        let text = HARWriter.document(entries: Self.entries(), serverURL: "http://127.0.0.1:8080", redact: redact)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(.ownThreads) func everyRequiredFieldOfHAR12IsThere() throws {
        let log = try #require(try self.document()["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        #expect((log["creator"] as? [String: Any])?["name"] as? String == "Switchboard")
        #expect(log["creator"].flatMap { ($0 as? [String: Any])?["version"] as? String } == SwitchboardVersion.current)
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count == 3)
        for entry in entries {
            let started = try #require(entry["startedDateTime"] as? String)
            #expect(ISO8601DateFormatter.withFractions.date(from: started) != nil)
            #expect(entry["time"] is Double || entry["time"] is Int)
            #expect(entry["cache"] is [String: Any])
            let timings = try #require(entry["timings"] as? [String: Any])
            for key in ["send", "wait", "receive"] { #expect((timings[key] as? Double ?? -1) >= 0) }
            let request = try #require(entry["request"] as? [String: Any])
            for key in ["method", "url", "httpVersion"] { #expect(request[key] is String) }
            for key in ["cookies", "headers", "queryString"] { #expect(request[key] is [[String: Any]]) }
            for key in ["headersSize", "bodySize"] { #expect(request[key] is Int) }
            #expect((request["url"] as? String)?.hasPrefix("http://127.0.0.1:8080/") == true)
            let response = try #require(entry["response"] as? [String: Any])
            #expect(response["status"] is Int)
            for key in ["statusText", "httpVersion", "redirectURL"] { #expect(response[key] is String) }
            for key in ["cookies", "headers"] { #expect(response[key] is [[String: Any]]) }
            for key in ["headersSize", "bodySize"] { #expect(response[key] is Int) }
            let content = try #require(response["content"] as? [String: Any])
            #expect(content["size"] is Int)
            #expect(content["mimeType"] is String)
        }
    }

    @Test func bodiesQueryAndSwitchboardsOwnFieldsAreKept() throws {
        let entries = try #require((try self.document()["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let request = try #require(entries[0]["request"] as? [String: Any])
        #expect((request["queryString"] as? [[String: String]]) == [["name": "next", "value": "/home"]])
        #expect((request["postData"] as? [String: Any])?["text"] as? String == #"{"user":"ana"}"#)
        let content = try #require((entries[1]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["encoding"] as? String == "base64")
        #expect(content["text"] as? String == Data([0xFF, 0xD8, 0xFF, 0x00]).base64EncodedString())
        let custom = try #require(entries[0]["_switchboard"] as? [String: Any])
        #expect(custom["endpoint"] as? String == "login")
        #expect(custom["latency"] as? String == "slow")
        #expect((entries[2]["response"] as? [String: Any])?["status"] as? Int == 0)
    }

    @Test func aRejectedRequestSaysWhyInsteadOfABudgetNote() throws {
        var timedOut = JournalEntry(
            sequence: 4, time: 1_763_812_865, method: "POST", target: "/upload", status: .answered(408),
            duration: .seconds(10), endpointID: nil, mode: nil, latency: nil)
        timedOut.rejection = "request body stopped arriving"
        let text = HARWriter.document(entries: [timedOut], serverURL: "http://127.0.0.1:8080")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let entries = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let own = try #require(entries.first?["_switchboard"] as? [String: Any])
        #expect(own["rejected"] as? String == "request body stopped arriving")
        #expect(own["details"] == nil)
    }

    @Test func credentialsAreRedactedUnlessAskedNotTo() throws {
        func values(_ document: [String: Any]) -> [String] {
            let entries = (document["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
            let request = entries[0]["request"] as? [String: Any] ?? [:]
            let response = entries[0]["response"] as? [String: Any] ?? [:]
            let headers =
                (request["headers"] as? [[String: String]] ?? []) + (response["headers"] as? [[String: String]] ?? [])
            let cookies = request["cookies"] as? [[String: String]] ?? []
            return (headers + cookies).compactMap { $0["value"] }
        }
        let redacted = values(try self.document())
        #expect(!redacted.contains("Bearer abc") && !redacted.contains("xyz") && !redacted.contains("session=new"))
        #expect(redacted.contains("REDACTED"))
        let plain = values(try self.document(redact: false))
        #expect(plain.contains("Bearer abc") && plain.contains("xyz"))
    }

    /// Many APIs take their key in a header of its own: a shared HAR file
    /// must not hand it out either.
    @Test func apiKeysAndTokensAreRedactedToo() {
        var entry = JournalEntry(
            sequence: 1, time: 1_763_812_862.5, method: "GET", target: "/me", status: .answered(200),
            duration: .milliseconds(1), endpointID: "me", mode: .success, latency: nil)
        entry.details = FakeExchange(
            requestHeaders: [
                ("X-Api-Key", "secret-one"), ("api-key", "secret-two"), ("X-Auth-Token", "secret-three"),
                ("Accept", "application/json"),
            ],
            responseHeaders: [("Content-Type", "application/json")], responseBody: [])
        let redacted = HARWriter.document(entries: [entry], serverURL: "http://127.0.0.1:8080")
        #expect(!redacted.contains("secret-"))
        #expect(redacted.components(separatedBy: "REDACTED").count == 4)
        let plain = HARWriter.document(entries: [entry], serverURL: "http://127.0.0.1:8080", redact: false)
        #expect(plain.contains("secret-one") && plain.contains("secret-two") && plain.contains("secret-three"))
    }
}

extension ISO8601DateFormatter {
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    /// Settings changes made during a session close the document as the
    /// log's `comment` (HAR 1.2 allows one there), one a line.
    @Test func markersBecomeTheLogsComment() throws {
        let text =
            HARWriter.prologue
            + HARWriter.epilogue(markers: ["12:01:05  login → server_error  (key)", "two \"quoted\""])
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let log = try #require(parsed?["log"] as? [String: Any])
        #expect(log["comment"] as? String == "12:01:05  login → server_error  (key)\ntwo \"quoted\"")
        #expect((log["entries"] as? [Any])?.isEmpty == true)
        #expect(HARWriter.epilogue(markers: []) == HARWriter.epilogue)
    }
}
