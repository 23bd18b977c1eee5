import NIOCore
import SwitchboardCore

/// A control API long poll (`GET …/requests?wait=S`) being held: the
/// answer waits until the journal has a matching entry, woken by the
/// journal itself (`RequestArrivals`), or until a timer at the deadline.
/// Nothing polls, and the fake API's requests pay for it only while one is
/// held.
struct LongPoll {
    let export: JournalExport
    let request: RequestHandler.Request
    let token: Int
    var timer: Scheduled<Void>?
    /// The journal is read up to here: a wake-up reads only what is newer.
    var scanned = 0
}

extension RequestHandler {
    /// Answers `export` now if it has an entry, else once it has one or
    /// `wait` has passed.
    func holdExport(
        _ export: JournalExport, for wait: TimeAmount, request: Request, context: ChannelHandlerContext
    ) {
        let loop = context.eventLoop
        let handler = NIOLoopBound((self, context), eventLoop: loop)
        // Registered before the first look: an entry recorded in between
        // wakes it rather than being missed.
        let token = self.responder.arrivals.wakeOnArrival {
            loop.execute {
                let (handler, context) = handler.value
                handler.longPollWoken(context: context)
            }
        }
        var poll = LongPoll(export: export, request: request, token: token)
        if export.hasEntry(scanned: &poll.scanned) || wait == .zero {
            self.responder.arrivals.stopWaking(token)
            self.streamExport(export, request: request, context: context)
            return
        }
        poll.timer = loop.assumeIsolated().scheduleTask(in: wait) {
            self.answerLongPoll(context: context)
        }
        self.longPoll = poll
    }

    private func longPollWoken(context: ChannelHandlerContext) {
        guard var poll = self.longPoll else { return }
        let ready = poll.export.hasEntry(scanned: &poll.scanned)
        self.longPoll = poll
        if ready { self.answerLongPoll(context: context) }
    }

    private func answerLongPoll(context: ChannelHandlerContext) {
        guard let poll = self.endLongPoll() else { return }
        self.streamExport(poll.export, request: poll.request, context: context)
    }

    /// Stops waiting (the answer goes out, or the client or server went
    /// away); returns what was held.
    @discardableResult
    func endLongPoll() -> LongPoll? {
        guard let poll = self.longPoll else { return nil }
        self.longPoll = nil
        poll.timer?.cancel()
        self.responder.arrivals.stopWaking(poll.token)
        return poll
    }
}
