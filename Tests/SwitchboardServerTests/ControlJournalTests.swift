import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The journal read and cleared over the control API of a real server:
/// listing it may run off the event loop, which an embedded channel does
/// not model.
@Suite struct ControlJournalTests {
    @Test func theJournalIsReadableFilterableAndClearableButHoldsNoControlCalls() async throws {
        try await RunningServer.demo().serving { server in
            let session = HTTPClient.session()
            for path in ["/data/all/coinlist", "/nope", "/episodes/2"] {
                _ = try await HTTPClient.send(server.url(path), session: session)
            }
            _ = try await HTTPClient.send(server.url("/__switchboard/endpoints"), session: session)
            let all = try await HTTPClient.send(server.url("/__switchboard/requests"), session: session)
            let entries = try all.jsonArray()
            #expect(entries.map { $0["path"] as? String } == ["/data/all/coinlist", "/nope", "/episodes/2"])
            #expect(entries[0]["endpoint"] as? String == "coinlist")
            #expect(entries[0]["mode"] as? String == "success")
            #expect(entries[0]["delay_ms"] != nil && entries[0]["duration_ms"] != nil)
            let limited = try await HTTPClient.send(server.url("/__switchboard/requests?limit=1"), session: session)
            #expect(try limited.jsonArray().first?["path"] as? String == "/episodes/2")
            let unmatched = try await HTTPClient.send(
                server.url("/__switchboard/requests?unmatched=true"), session: session)
            #expect(try unmatched.jsonArray().map { $0["path"] as? String } == ["/nope"])
            let cleared = try await HTTPClient.send(
                server.url("/__switchboard/requests"), method: "DELETE", session: session)
            #expect(try cleared.json()["cleared"] as? Int == 3)
            let empty = try await HTTPClient.send(server.url("/__switchboard/requests"), session: session)
            #expect(empty.text == "[]")
        }
    }

    @Test func oneRequestsDetailsIncludeHeadersAndBodies() async throws {
        try await RunningServer.demo().serving { server in
            _ = try await HTTPClient.send(
                server.url("/login"), method: "POST",
                headers: ["Content-Type": "application/json", "X-Trace": "abc"],
                body: Data(#"{"email":"a@example.com","password":"s3cret"}"#.utf8))
            let sequence = try #require(server.journal.entries(after: 0).entries.last?.sequence)
            let response = try await HTTPClient.send(server.url("/__switchboard/requests/\(sequence)"))
            let details = try #require(try response.json()["details"] as? [String: Any])
            let headers = try #require(details["request_headers"] as? [[String]])
            #expect(headers.contains(["X-Trace", "abc"]))
            #expect(
                (details["request_body"] as? [String: Any])?["text"] as? String
                    == #"{"email":"a@example.com","password":"s3cret"}"#)
            let body = try #require(details["response_body"] as? [String: Any])
            #expect((body["text"] as? String)?.contains("token") == true)
        }
    }
}
