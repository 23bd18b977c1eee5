import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A connection remembers the answers that repeat (`AnswerMemo`), and
/// every change of the panel is seen by its very next request all the
/// same: a flip, a count rule, a scenario, a reset, a reload.
@Suite struct AnswerMemoTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { body: "one" } }
          - { id: b, method: GET, path: "/b/:n" }
        scenarios:
          outage: { "*": { mode: server_error } }
        """

    struct Connection {
        let panel: ControlPanel
        let responder: Responder
        var answers: ConnectionAnswers

        init() throws {
            self.panel = try MemoryFixtures(AnswerMemoTests.manifest).panel()
            self.responder = Responder(panel: self.panel, journal: RequestJournal(capacity: 10))
            self.answers = ConnectionAnswers(responder: self.responder)
        }

        /// Status and body of `count` requests for `uri`.
        mutating func answers(_ count: Int, _ uri: String = "/a", headers: HTTPHeaders = ["Host": "t"]) -> [String] {
            (0..<count).map { _ in
                let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: headers)
                let response = self.answers.prepare(head, arrived: .now())
                return "\(response.status.code) \(String(buffer: response.body))"
            }
        }

        /// Whether the answer of the endpoint at `index` is remembered now.
        var remembers: (Int) -> Bool {
            let snapshot = self.responder.current.snapshot
            let memo = self.answers.memo
            return { memo.answer(endpoint: $0, in: snapshot) != nil }
        }
    }

    @Test func aRepeatingAnswerIsRememberedAndEveryChangeIsSeenAtOnce() throws {
        var connection = try Connection()
        #expect(connection.answers(2) == ["200 one", "200 one"])
        #expect(connection.remembers(0))
        try connection.panel.setMode(.serverError, endpoint: "a")
        #expect(!connection.remembers(0))
        #expect(connection.answers(2).map { $0.prefix(3) } == ["500", "500"])
        #expect(connection.remembers(0))
        // A count rule counts every request: none is remembered.
        try connection.panel.setMode(Mode(name: "fail_first:2")!, endpoint: "a")
        #expect(connection.answers(4).map { $0.prefix(3) } == ["500", "500", "200", "200"])
        #expect(!connection.remembers(0))
        try connection.panel.setMode(.success, endpoint: "a")
        #expect(connection.answers(1) == ["200 one"])
        try connection.panel.applyScenario(named: "outage")
        #expect(connection.answers(1).map { $0.prefix(3) } == ["500"])
        try connection.panel.reset()
        #expect(connection.answers(1) == ["200 one"])
        let reloaded = try MemoryFixtures(Self.manifest.replacingOccurrences(of: "\"one\"", with: "\"two\"")).load()
        connection.panel.replaceManifest(reloaded)
        #expect(connection.answers(1) == ["200 two"])
    }

    @Test func aRequestThatAsksForItsOwnAnswerIsNeitherServedNorRemembered() throws {
        var connection = try Connection()
        #expect(connection.answers(1) == ["200 one"])
        let prefer: HTTPHeaders = ["Host": "t", "Prefer": "mode=server_error"]
        #expect(connection.answers(1, headers: prefer).map { $0.prefix(3) } == ["500"])
        #expect(connection.answers(1) == ["200 one"])
        // Parameters name what is answered: not remembered by endpoint.
        _ = connection.answers(1, "/b/1")
        #expect(!connection.remembers(1))
    }

    /// Remembered unstamped, so each request still goes through the limit
    /// and carries its own verdict; never by target alone, which would
    /// skip the limit.
    @Test func aRateLimitedAnswerIsRememberedYetEveryRequestIsLimited() throws {
        var connection = try Connection()
        try connection.panel.set(endpoint: "a", SettingChange(rateLimit: .perSecond(2)))
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/a", headers: ["Host": "t"])
        let first = connection.answers.prepare(head, arrived: .now())
        #expect(connection.remembers(0))
        #expect(connection.answers.remembered(head) == nil)
        let second = connection.answers.prepare(head, arrived: .now())
        #expect(first.rateVerdict?.remaining == 1 && second.rateVerdict?.remaining == 0)
        #expect(second.status == .ok && String(buffer: second.body) == "one")
        #expect(connection.answers(1).map { $0.prefix(3) } == ["429"])
    }
}

/// The answer remembered by target: only for a `GET` of that very target,
/// asking for nothing of its own, in the same snapshot, and only while no
/// endpoint's routing reads a header.
@Suite struct AnswerMemoTargetTests {
    func head(_ method: HTTPMethod = .GET, uri: String = "/a", prefer: String? = nil) -> HTTPRequestHead {
        var headers: HTTPHeaders = ["Host": "t"]
        if let prefer { headers.add(name: "Prefer", value: prefer) }
        return HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers)
    }

    @Test func aGetOfTheSameTargetInTheSameSnapshotNeedsNoRouting() throws {
        var connection = try AnswerMemoTests.Connection()
        #expect(connection.answers.remembered(self.head()) == nil)
        _ = connection.answers(1)
        #expect(connection.answers.remembered(self.head())?.answer.status == .ok)
        #expect(connection.answers.remembered(self.head(.HEAD)) == nil)
        #expect(connection.answers.remembered(self.head(uri: "/a?x=1")) == nil)
        #expect(connection.answers.remembered(self.head(prefer: "mode=server_error")) == nil)
        try connection.panel.setMode(.serverError, endpoint: "a")
        #expect(connection.answers.remembered(self.head()) == nil)
    }

    @Test func notWhileRoutingReadsAHeader() throws {
        let panel = try MemoryFixtures(
            """
            endpoints:
              - { id: a, method: GET, path: /a }
              - { id: keyed, method: GET, path: /a, headers: { X-Key: "1" }, success: { body: "keyed" } }
            """
        ).panel()
        var answers = ConnectionAnswers(responder: Responder(panel: panel, journal: RequestJournal(capacity: 10)))
        _ = answers.prepare(self.head(), arrived: .now())
        #expect(answers.remembered(self.head()) == nil)
        var keyed = self.head()
        keyed.headers.add(name: "X-Key", value: "1")
        #expect(String(buffer: answers.prepare(keyed, arrived: .now()).body) == "keyed")
    }
}

extension ConnectionAnswers {
    /// The answer remembered for `head`, its method and headers read as
    /// the handler reads them when the head arrives.
    mutating func remembered(_ head: HTTPRequestHead) -> DecidedAnswer? {
        self.remembered(
            ConnectionStateMachine.Request(
                head: head, arrived: .now(), wallTime: 0, isControl: false, keepAlive: true, fromPage: false))
    }
}
