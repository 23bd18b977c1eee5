import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// The responder as one connection asks it: each request's answer from the
/// panel's latest snapshot and its compiled responses, read again only when
/// the panel's `version` moves, and with the `Retry-After` this connection
/// last carried (without a key header, the connection is the client a retry
/// is early for) and the answers that repeat, remembered (`AnswerMemo`).
struct ConnectionAnswers {
    let responder: Responder
    /// The snapshot the last answer was decided from.
    private(set) var snapshot: PanelSnapshot?
    private var catalog: ResponseCatalog?
    private var retry = RetryDeadline()
    private(set) var memo = AnswerMemo()

    init(responder: Responder) {
        self.responder = responder
    }

    /// The answer remembered for `request`, when it needs neither routing
    /// nor a decision (`AnswerMemo`): by reference, not copied. (`mutating`,
    /// though it changes nothing: the handler's connection answers are then
    /// used in place, not copied out to call it.)
    mutating func remembered(_ request: ConnectionStateMachine.Request) -> DecidedAnswer? {
        guard request.isGet, !request.headers.hasPrefer else { return nil }
        return self.memo.answer(toGet: request.head.uri, version: self.responder.panel.version)
    }

    /// The answer to a request with this head, arrived at `arrived`, as its
    /// head arrives: `nil` when only its body can say which endpoint it is
    /// for (`EndpointTable.needsBody`), to be decided once that is in.
    /// Decided from the snapshot that said the body is not needed: a reload
    /// in between could bring endpoints that need it.
    mutating func prepareAtHead(_ head: HTTPRequestHead, arrived: NIODeadline) -> PreparedResponse? {
        let (snapshot, catalog) = self.current()
        // A request checked against its description is checked whole.
        if snapshot.manifest.validatesRequests { return nil }
        if snapshot.table.readsBodies,
            snapshot.table.needsBody(
                method: head.method.rawValue, target: RequestTarget(uri: head.uri),
                header: { head.headers.first(name: $0) })
        {
            return nil
        }
        return self.responder.prepare(
            head: head, snapshot: snapshot, catalog: catalog, now: arrived, retry: &self.retry, memo: &self.memo)
    }

    /// The snapshot and compiled responses to answer from now.
    private mutating func current() -> (snapshot: PanelSnapshot, catalog: ResponseCatalog) {
        if let cached = self.snapshot, let compiled = self.catalog, cached.version == self.responder.panel.version {
            return (cached, compiled)
        }
        // The pair the responder published: its responses are compiled
        // already (see `Responder.publish`).
        let ready = self.responder.current
        self.snapshot = ready.snapshot
        self.catalog = ready.catalog
        return (ready.snapshot, ready.catalog)
    }

    /// The answer to a request with this head, arrived at `arrived`, with
    /// what arrived of its body; `checked`, what its check found, once it
    /// ran (`PreparedResponse.validation`).
    mutating func prepare(
        _ head: HTTPRequestHead, arrived: NIODeadline, body: ByteBuffer? = nil, checked: [ContractViolation]? = nil
    ) -> PreparedResponse {
        let (snapshot, catalog) = self.current()
        return self.responder.prepare(
            head: head, snapshot: snapshot, catalog: catalog, now: arrived, retry: &self.retry, memo: &self.memo,
            body: body, checked: checked)
    }
}
