import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Runs a connection's answers on its channel: reads a body kept on disk,
/// waits out the injected delay, then does what the answer's `AnswerPlan`
/// says — a head, a body at once or as its `Pacer` allows (a bandwidth,
/// the slicer), a cut, a reset, a close, garbage or a hang — and
/// journals the answer when it ends. One answer runs at a time; every wait
/// is an event-loop timer. It decides nothing about the connection: each
/// step that concerns it (a wait, a hang, a close, the end) is reported
/// (`AnswerStep`) to the handler, which feeds it to the connection's
/// machine and runs the action that comes back.
final class AnswerWriter {
    typealias Request = ConnectionStateMachine.Request
    /// Hears each step; `true` when the answer goes on after it.
    typealias Report = (AnswerStep, ChannelHandlerContext) -> Bool

    let responder: Responder
    private let onStep: Report
    /// The snapshot the answer was decided from: the slicer's seeded draws.
    let snapshot: () -> PanelSnapshot?
    /// The response encoder's context: prebuilt responses are written from
    /// there, as finished bytes.
    var wire: ChannelHandlerContext?
    /// When the answer under way sent its status line, for the journal's
    /// time to first byte.
    var headSentAt: NIODeadline?
    /// The timer holding the answer back (its delay, its body's next chunk,
    /// a slow close), while there is one.
    var wait: Scheduled<Void>?
    /// What the journal kept of the last answer, for the next request it
    /// answers.
    private var lastJournaled: Journaled?

    init(responder: Responder, snapshot: @escaping () -> PanelSnapshot?, report: @escaping Report) {
        self.responder = responder
        self.snapshot = snapshot
        self.onStep = report
    }

    /// Tells the connection of a step; `true` when the answer goes on.
    @discardableResult
    func report(_ step: AnswerStep, context: ChannelHandlerContext) -> Bool {
        self.onStep(step, context)
    }

    /// Runs `response` for `request`: its body made off the loop first if
    /// it is made later (`LaterBody`), then its delay, then its plan.
    func run(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        guard let later = response.laterBody else {
            self.answer(response, for: request, context: context)
            return
        }
        // Made since (a remembered answer whose generated body another
        // request made), or made here: on an embedded loop in tests.
        if later.isMade || !self.responder.makesBodiesOffLoop {
            self.answer(response.filled(now: later), for: request, context: context)
            return
        }
        // No longer arriving: no body deadline, no "client left" entry.
        guard self.report(.bodyMaking(request, response), context: context) else { return }
        self.awaitBody(later, response, for: request, context: context)
    }

    /// Sends a response, after its injected delay if it has one.
    func answer(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        // No closure for the common case: it would be an allocation per request.
        guard response.delay > .zero else {
            self.perform(response, for: request, context: context)
            return
        }
        let due = context.eventLoop.now + TimeAmount(response.delay)
        self.after(due, waiting: .respond, request, response, context: context) {
            self.perform(response, for: request, context: context)
        }
    }

    /// Stops a timer armed for the answer (the client or the server went away).
    func cancelWait() {
        self.wait?.cancel()
        self.wait = nil
    }

    /// Runs a response's script (see `AnswerScript`): nothing here decides
    /// what goes on the wire.
    func perform(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        if !response.hasToxics, case .answer(let body) = response.plan, body.rate == nil, body.cut == nil,
            let wire = response.wire, let raw = self.wire, request.keepAlive, request.head.version == .http1_1,
            !request.isHead, !request.fromPage
        {
            // The common case: the whole response was encoded when the
            // manifest loaded; one write, no encoding.
            // One reading of the clock for both: it costs a call through
            // the event loop's existential.
            let now = context.eventLoop.now
            self.record(request, response, .ran, now: now)
            raw.writeAndFlush(NIOAny(wire), promise: nil)
            self.report(.finished(at: now), context: context)
            return
        }
        let response = response.withRateLimitHeaders()
        let script = AnswerScript(
            response, isHead: request.isHead, keepAlive: request.keepAlive,
            slicer: response.hasToxics ? self.slicerDraws(for: response) : nil)
        switch (script.head, script.end) {
        case (.status, _):
            var request = request
            // `slow_close`: the answer itself says the connection ends with it.
            if case .closeLate = script.end { request.keepAlive = false }
            let sent = response.sent(isHead: request.isHead)
            self.writeHead(sent, for: request, context: context)
            guard script.pacer.isFree else {
                context.flush()
                self.sendPaced(
                    script.pacer, sent, for: request, started: context.eventLoop.now, end: script.end, context: context)
                return
            }
            if case .bytes(let bytes) = script.body {
                context.write(Self.part(.body(.byteBuffer(bytes))), promise: nil)
            }
            self.endBody(request, sent, end: script.end, context: context)
        case (.upstream, _):
            self.report(.relayed(request, response), context: context)
        case (.none, .stall):
            self.report(.hanging(request, response), context: context)
        case (.none, .reset):
            self.resetConnection(request, response, context: context)
        case (.none, _):
            self.report(.closing, context: context)
            self.record(request, response, .ran, now: context.eventLoop.now)
            guard case .raw(let bytes) = script.body else {
                context.close(promise: nil)
                return
            }
            self.writeRawAndClose(bytes, context: context)
        }
    }

    /// The server is stopping while the answer waits: the rest goes out
    /// now, all at once.
    func finishNow(
        _ request: Request, _ response: PreparedResponse, _ resume: ConnectionStateMachine.Resume,
        context: ChannelHandlerContext
    ) {
        self.cancelWait()
        switch resume {
        case .respond:
            // A bandwidth limit would only start here; send it all now.
            var response = response
            response.plan = response.plan.atOnce
            self.perform(response, for: request, context: context)
        case .trickle(let offset, let end):
            // The rest of the body at once.
            if !request.isHead {
                let rest = response.body.getSlice(
                    at: response.body.readerIndex + offset, length: response.body.readableBytes - offset)
                if let rest { context.write(Self.part(.body(.byteBuffer(rest))), promise: nil) }
            }
            self.endBody(request, response, end: end, context: context)
        }
    }

    func writeHead(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        self.headSentAt = context.eventLoop.now
        if !request.fromPage, let head = response.head, request.keepAlive, request.head.version == .http1_1 {
            context.write(Self.part(.head(head)), promise: nil)
            return
        }
        var headers = response.headers
        if request.fromPage { CORS.allow(request.head, in: &headers) }
        if !request.keepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if request.head.version == .http1_0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(version: request.head.version, status: response.status, headers: headers)
        context.write(Self.part(.head(head)), promise: nil)
    }

    /// A body is all sent: the response ends as its script's `end` says
    /// (journaled first, so anyone who has seen it can already find it in
    /// the journal), the connection going on or closing (late, for
    /// `slow_close`), or it is cut short.
    func endBody(
        _ request: Request, _ response: PreparedResponse, end: AnswerScript.End, context: ChannelHandlerContext
    ) {
        switch end {
        case .cut, .cutAtHalf:
            self.cutShort(request, response, context: context)
        case .closeLate(let delay):
            self.record(request, response, .ran, now: context.eventLoop.now)
            self.report(.closing, context: context)
            self.closeLate(after: delay, once: context.writeAndFlush(Self.part(.end(nil))), context: context)
        case .keepAlive, .close, .reset, .stall:
            self.record(request, response, .ran, now: context.eventLoop.now)
            self.writeEnd(keepAlive: end == .keepAlive, context: context)
        }
    }

    /// The response's end: on a kept-alive connection the next request is
    /// read; otherwise the connection closes once the end is written.
    func writeEnd(keepAlive: Bool, context: ChannelHandlerContext) {
        guard keepAlive else {
            self.report(.closing, context: context)
            context.writeAndFlush(Self.part(.end(nil))).assumeIsolated().whenComplete { _ in
                self.report(.closed, context: context)
            }
            return
        }
        context.writeAndFlush(Self.part(.end(nil)), promise: nil)
        self.report(.finished(at: context.eventLoop.now), context: context)
    }

    /// Journals an answer that ended as `end`, its status worked out from
    /// its plan (see `AnswerPlan.journalStatus`), as the in-process front
    /// end journals its own.
    func record(_ request: Request, _ response: PreparedResponse, _ end: AnswerEnd, now: NIODeadline) {
        self.record(request, response, status: response.plan.journalStatus(response.status, end), now: now)
    }

    /// Journals an answer with `status` as its end: every request ends as
    /// one entry, whatever path answered it.
    func record(_ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline) {
        self.record(request, response, status: status, now: now, headSentAt: self.takeHeadSentAt())
    }

    /// `record`, for an answer whose status line went out at `headSentAt`
    /// (taken with `takeHeadSentAt` when it ended, for an answer journaled
    /// later: once it is checked for drift).
    func record(
        _ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline,
        headSentAt: NIODeadline?
    ) {
        self.responder.inFlight.wrappingDecrement(by: 1, ordering: .relaxed)
        let journaled = self.journaled(response, answered: status.isAnswered)
        let entry = JournalEntry(
            head: request.head, headerSize: request.headers.size, method: request.isGet ? "GET" : nil,
            body: request.body, bodySize: request.bodySize,
            wallTime: request.wallTime, arrived: request.arrived, outcome: journaled.outcome,
            captured: journaled.captured, status: status, now: now, headSentAt: headSentAt)
        self.responder.journal.record(entry, endpointIndex: response.notes.decision?.endpointIndex)
    }

    /// When the answer under way sent its status line, and none is now.
    func takeHeadSentAt() -> NIODeadline? {
        defer { self.headSentAt = nil }
        return self.headSentAt
    }

    /// What the journal keeps of `response` for a request it answered
    /// (or not): the last one made, when `response` is the very answer it
    /// was made from (a remembered answer, request after request) and
    /// ended the same way.
    private func journaled(_ response: PreparedResponse, answered: Bool) -> Journaled {
        if let last = self.lastJournaled, last.answered == answered, last.response.isIdentical(to: response) {
            return last
        }
        let made = Journaled(response, answered: answered)
        // A relayed answer never repeats, and its body is the upstream's:
        // not kept past its request.
        self.lastJournaled = response.notes.upstream == nil ? made : nil
        return made
    }

    /// What the journal keeps of an answer, and the answer it was made
    /// from, kept with it so that the answer's box cannot change or be
    /// reused while it is (see `PreparedResponse.isIdentical(to:)`). An
    /// object: handed out as one reference.
    private final class Journaled {
        let response: PreparedResponse
        let answered: Bool
        let outcome: JournalEntry.Outcome
        let captured: CapturedResponse

        init(_ response: PreparedResponse, answered: Bool) {
            self.response = response
            self.answered = answered
            self.outcome = JournalEntry.Outcome(response, answered: answered)
            self.captured = CapturedResponse(response, answered: answered)
        }
    }

    static func part(_ part: HTTPServerResponsePart) -> NIOAny {
        NIOAny(part)
    }
}
