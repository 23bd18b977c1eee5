import Foundation
import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// `GET /__switchboard/requests` with `details`, `after` and `wait`, as
/// `ControlAPI` decides it: values out, no sockets. Credentials leave the
/// process redacted, by this route as by the one-request route and `/har`.
@Suite struct ControlRequestListTests {
    let journal = RequestJournal(capacity: 100)
    let api: ControlAPI

    init() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        self.api = ControlAPI(
            panel: ControlPanel(manifest: manifest), journal: self.journal, serverURL: "http://127.0.0.1:8080")
        for (index, endpoint) in ["login", "coinlist", "login"].enumerated() {
            self.journal.record(
                JournalEntry(
                    time: 1_763_812_862, method: "POST", target: "/\(endpoint)", status: .answered(200),
                    duration: .zero, endpointID: endpoint, mode: .success, latency: nil,
                    details: FakeExchange(
                        requestHeaders: [
                            ("Authorization", "Bearer secret-\(index)"), ("Cookie", "session=s"),
                            ("X-Trace", "t\(index)"),
                        ],
                        requestBody: #"{"n":\#(index)}"#, responseHeaders: [("Set-Cookie", "session=new")],
                        responseBody: Array("ok".utf8))))
        }
    }

    func call(_ target: String) -> ControlAPI.Response {
        self.api.handle(ControlAPI.Request(method: .GET, target: RequestTarget(uri: target), body: []))
    }

    func records(_ target: String) throws -> [RequestRecord] {
        let response = self.call(target)
        #expect(response.status == .ok)
        let export = try #require(response.export)
        return try ControlCoding.decoder().decode([RequestRecord].self, from: Data(export.collect().utf8))
    }

    @Test func theListCarriesHeadersAndBodiesWithCredentialsRedacted() throws {
        let logins = try self.records("/__switchboard/requests?endpoint=login&details=true")
        #expect(logins.map(\.sequence) == [1, 3])
        #expect(logins[0].header("x-trace") == "t0")
        #expect(logins[0].header("Authorization") == "REDACTED")
        #expect(logins[0].header("Cookie") == "REDACTED")
        #expect(logins[0].details?.responseHeaders == [["Set-Cookie", "REDACTED"]])
        #expect(logins[1].bodyText == #"{"n":2}"#)
        struct Sent: Decodable { var n: Int }
        #expect(try logins[1].decodeBody(as: Sent.self).n == 2)
    }

    @Test func withoutDetailsTheListIsTheServeLineAsBefore() throws {
        let all = try self.records("/__switchboard/requests")
        #expect(all.count == 3)
        #expect(all.allSatisfy { $0.details == nil })
    }

    @Test func credentialsAreKeptOnlyWhenAskedFor() throws {
        let kept = try self.records("/__switchboard/requests?details=true&redact=false")
        #expect(kept[1].header("Authorization") == "Bearer secret-1")
        let one = self.call("/__switchboard/requests/1")
        let record = try ControlCoding.decoder().decode(RequestRecord.self, from: Data(one.body.utf8))
        #expect(record.header("Authorization") == "REDACTED", "the one-request route redacts as the list does")
        let oneKept = self.call("/__switchboard/requests/1?redact=false")
        let keptRecord = try ControlCoding.decoder().decode(RequestRecord.self, from: Data(oneKept.body.utf8))
        #expect(keptRecord.header("Authorization") == "Bearer secret-0")
    }

    @Test func afterLeavesOutWhatWasSeen() throws {
        #expect(try self.records("/__switchboard/requests?after=1").map(\.sequence) == [2, 3])
        #expect(try self.records("/__switchboard/requests?after=1&endpoint=login").map(\.sequence) == [3])
        #expect(try self.records("/__switchboard/requests?after=3").isEmpty)
        #expect(try self.records("/__switchboard/requests?after=1&limit=1").map(\.sequence) == [3])
    }

    @Test func aLongPollIsHeldAtMostAMinute() {
        #expect(self.call("/__switchboard/requests?wait=5").waitUpTo == .seconds(5))
        #expect(self.call("/__switchboard/requests?wait=0.25").waitUpTo == .milliseconds(250))
        #expect(self.call("/__switchboard/requests?wait=3600").waitUpTo == .seconds(60))
        // Past what a Duration holds: still a minute, never a trap.
        #expect(self.call("/__switchboard/requests?wait=99999999999999").waitUpTo == .seconds(60))
        #expect(
            self.call("/__switchboard/requests?wait=" + String(repeating: "9", count: 400)).waitUpTo == .seconds(60))
        #expect(self.call("/__switchboard/requests").waitUpTo == nil)
    }

    @Test(arguments: ["soon", "-1", "nan", "inf", ""])
    func aWaitThatIsNotSecondsIsRefusedSayingSo(_ wait: String) throws {
        let response = self.call("/__switchboard/requests?wait=\(wait)")
        #expect(response.status == .badRequest)
        #expect(response.export == nil)
        let problem = try ControlCoding.decoder().decode(ControlProblem.self, from: Data(response.body.utf8))
        #expect(problem.code == .badQuery)
        #expect(problem.message == "wait should be a number of seconds (up to 60), not '\(wait)'")
    }

    @Test func anAfterThatIsNotASequenceNumberIsRefused() throws {
        let response = self.call("/__switchboard/requests?after=last")
        #expect(response.status == .badRequest)
        #expect(response.body.contains("after should be a request's sequence number, not 'last'"))
    }
}
