import NIOCore
import NIOHTTP1
import SwitchboardCore

extension JournalEntry {
    /// The entry for an answer that ended `now` with `status`, whichever
    /// front end ran its plan: the one place the journal's timing of an
    /// answer is worked out. `headSentAt`: when its status line left; an
    /// answer sent whole at once (none noted) had its first byte at the
    /// end, one with no status line has none. `outcome` and `captured`:
    /// what `response` was, and sent, to a request that ended so
    /// (`Outcome(response, answered:)`, `CapturedResponse(response,
    /// answered:)`), made once for all the requests of a remembered answer.
    /// `headerSize`: of `head`'s headers, when the caller has counted them;
    /// `method`: the head's method as text, when the caller knows it
    /// without asking the head (each of NIO's getters is a call).
    init(
        head: HTTPRequestHead, headerSize: HeaderSize? = nil, method: String? = nil, body: ByteBuffer?,
        bodySize: Int, wallTime: Double, arrived: NIODeadline, outcome: Outcome, captured: CapturedResponse,
        status: JournalEntry.Status, now: NIODeadline, headSentAt: NIODeadline?
    ) {
        // Read once: the getter is a call and a retain.
        let target = head.uri
        let details = CapturedExchange(
            headers: head.headers, version: head.version, targetBytes: target.utf8.count, headerSize: headerSize,
            requestBody: body, requestBodySize: bodySize, response: captured)
        let duration = (now - arrived).nanoseconds
        self.init(
            time: wallTime, method: method ?? head.method.rawValue, target: target, status: status,
            durationNanoseconds: duration,
            firstByteNanoseconds: headSentAt.map { ($0 - arrived).nanoseconds } ?? (status.isAnswered ? duration : nil),
            outcome: outcome, details: details)
    }

    /// The same, its outcome and response made for it alone.
    init(
        head: HTTPRequestHead, body: ByteBuffer?, bodySize: Int, wallTime: Double, arrived: NIODeadline,
        _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline, headSentAt: NIODeadline?
    ) {
        let answered = status.isAnswered
        self.init(
            head: head, body: body, bodySize: bodySize, wallTime: wallTime, arrived: arrived,
            outcome: Outcome(response, answered: answered), captured: CapturedResponse(response, answered: answered),
            status: status, now: now, headSentAt: headSentAt)
    }
}

extension JournalEntry.Outcome {
    /// What `response` was for a request it answered (a status line went
    /// out) or not: the same for every request it served so. Read from
    /// its notes (`AnswerNotes`), and from its plan what only the wire
    /// says: the wait, the toxics it took, whether it was cut.
    init(_ response: PreparedResponse, answered: Bool) {
        let notes = response.notes
        let decision = notes.decision
        self.init(
            endpointID: notes.endpointID, mode: decision?.mode, setting: decision?.setting,
            latency: decision?.latency, injectedDelay: response.delay, unmatched: notes.unmatched)
        self.rateLimited = notes.rateLimited
        self.invalid = notes.invalid
        // Every cut (the mode, a limit_data toxic, a relayed answer cut
        // on its way) is journaled as an answer whose plan cuts.
        if answered, case .answer(let body) = response.plan, body.cut != nil { self.cutShort = true }
        if response.hasToxics, let toxics = decision?.toxics { self.toxics = toxics }
        if let decision { self.forced = decision.forced }
        self.networkFault = decision?.chosenBy == .network
        self.missingFixture = notes.missingFixture
        if let upstream = notes.upstream {
            self.upstream = upstream
            if self.mode == nil { self.mode = .live }
        }
    }
}

extension JournalEntry.Status {
    /// A status line went out.
    var isAnswered: Bool {
        if case .answered = self { true } else { false }
    }
}
