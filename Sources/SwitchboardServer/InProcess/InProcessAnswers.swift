import Foundation
import NIOCore
import NIOHTTP1
public import SwitchboardCore

/// The server's answers without the server: a front end inside the process
/// (a `URLProtocol`) hands a request over and gets back what the server
/// would have sent — status, headers and body, the delay, the bandwidth and
/// the network fault — decided by the same `Responder.prepare` (route,
/// settings, `Prefer`, scenarios, flaky draws, latency). It journals the
/// exchange when told how it ended, as the server does, so the
/// verification calls see both kinds of traffic alike.
///
/// This path is for tests, not the benchmark: it copies the body out once
/// per request, which the socket path never does.
public final class InProcessAnswers: Sendable {
    let responder: Responder

    /// Answers for `panel`, journaled in `journal`, with no server at all.
    /// Nothing goes live: there is no upstream client, so a `live` endpoint
    /// answers 502 saying so.
    public convenience init(panel: ControlPanel, journal: RequestJournal) {
        self.init(responder: Responder(panel: panel, journal: journal, keepAlive: false))
    }

    init(responder: Responder) {
        self.responder = responder
    }

    /// What the fake API answers `method` `target` (origin form:
    /// `/users/7?full=1`) with these headers and body, from the settings
    /// as they are now. Control API targets (`/__switchboard/…`, see
    /// ``isControl(_:)``) are for ``control(method:target:body:)``.
    public func answer(method: String, target: String, headers: [HeaderField], body: [UInt8]) -> InProcessAnswer {
        var fields = HTTPHeaders()
        for field in headers { fields.add(name: field.name, value: field.value) }
        let head = HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: method.uppercased()), uri: target, headers: fields)
        let request = InProcessAnswer.Request(
            head: head, body: body.isEmpty ? nil : ByteBuffer(bytes: body), bodySize: body.count,
            arrived: .now(), wallTime: WallClock.now())
        let ready = self.responder.current
        // No connection: without a key header, each call is a new client.
        var retry = RetryDeadline()
        var memo = AnswerMemo()
        var prepared = self.responder.prepare(
            head: head, snapshot: ready.snapshot, catalog: ready.catalog, now: request.arrived, retry: &retry,
            memo: &memo, body: request.body)
        if let validation = prepared.validation {
            // Checked now, on the caller's thread, as a server checks on
            // NIO's thread pool.
            prepared = self.responder.prepare(
                head: head, snapshot: ready.snapshot, catalog: ready.catalog, now: request.arrived, retry: &retry,
                memo: &memo, body: request.body, checked: validation.violations())
        }
        prepared = prepared.withRateLimitHeaders()
        if let later = prepared.laterBody {
            // Made now, on the caller's thread (a URLSession worker, never
            // an event loop), as the server makes it on NIO's thread pool.
            prepared = prepared.filled(now: later)
        }
        return InProcessAnswer(
            request: request, prepared: prepared, cors: self.responder.cors,
            slicer: Pacer.Slicer(for: prepared, random: ready.snapshot.random))
    }

    /// Journals `answer` once it has ended: delivered whole (or, for a
    /// fault, done), or abandoned by the client (`clientLeft`: the task was
    /// cancelled, or a hang reached the request's timeout). Call it once.
    public func record(_ answer: InProcessAnswer, clientLeft: Bool = false) {
        guard !answer.isControl else { return }
        let request = answer.request
        let response = answer.prepared
        // A hang ends when the client gives up, as on a socket: no status line.
        let status = response.plan.journalStatus(response.status, clientLeft ? .clientLeft : .ran)
        let entry = JournalEntry(
            head: request.head, body: request.body, bodySize: request.bodySize, wallTime: request.wallTime,
            arrived: request.arrived, response, status: status, now: .now(), headSentAt: answer.statusLineAt)
        self.responder.journal.record(entry)
    }
}

extension SwitchboardServer {
    /// Answers from this server's own settings, compiled responses and
    /// journal, for a front end in the same process: a request it answers
    /// never touches the socket, but shows in the same journal.
    public var inProcessAnswers: InProcessAnswers {
        InProcessAnswers(responder: self.responder)
    }
}
