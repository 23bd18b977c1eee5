import NIOCore
import SwitchboardCore

/// A control API long poll (`GET …/requests?wait=S`) being held: the
/// answer waits until the journal has a matching entry, woken by the
/// journal itself (`RequestArrivals`), or until a timer at the deadline.
/// Nothing polls, and the fake API's requests pay for it only while one is
/// held.
struct LongPoll {
    let export: JournalExport
    let token: Int
    var timer: Scheduled<Void>?
    /// The journal is read up to here: a wake-up reads only what is newer.
    var scanned = 0
}

extension ControlExchange {
    /// Answers `export` now if it has an entry, else once it has one or
    /// `wait` has passed.
    func hold(_ export: JournalExport, for wait: TimeAmount) {
        let loop = self.context.eventLoop
        let exchange = NIOLoopBound(self, eventLoop: loop)
        // Registered before the first look: an entry recorded in between
        // wakes it rather than being missed.
        let token = self.responder.arrivals.wakeOnArrival {
            loop.execute { exchange.value.woken() }
        }
        var poll = LongPoll(export: export, token: token)
        if export.hasEntry(scanned: &poll.scanned) || wait == .zero {
            self.responder.arrivals.stopWaking(token)
            self.stream(export)
            return
        }
        poll.timer = loop.assumeIsolated().scheduleTask(in: wait) {
            self.answerPoll()
        }
        self.poll = poll
    }

    private func woken() {
        guard var poll = self.poll else { return }
        let ready = poll.export.hasEntry(scanned: &poll.scanned)
        self.poll = poll
        if ready { self.answerPoll() }
    }

    private func answerPoll() {
        guard let poll = self.stop() else { return }
        self.stream(poll.export)
    }

    /// Stops waiting (the answer goes out, or the client or server went
    /// away); returns the long poll that was held.
    @discardableResult
    func stop() -> LongPoll? {
        guard let poll = self.poll else { return nil }
        self.poll = nil
        poll.timer?.cancel()
        self.responder.arrivals.stopWaking(poll.token)
        return poll
    }
}
