import NIOCore

/// The upstream's body parts that arrive in one pass of the event loop,
/// relayed as one: one trip through the exchange, one write and one flush
/// to the client, however many parts the read brought. AsyncHTTPClient
/// hands on a read's parts one at a time, each as soon as the last one's
/// future completes; 200,000 one-byte chunks were 200,000 writes and
/// flushes (2.45 s, where the client reads them directly in 0.007 s).
///
/// The parts are taken at once while no write of ours is out, and the
/// batch is written when the pass has handed on all it read: the pass
/// ends the first time the loop comes back to the batch with no part
/// come since it last looked (AsyncHTTPClient breaks a long read into
/// several turns of the loop, 50 parts each). Back-pressure is kept: while
/// a batch's write is out, the next part is held and the transport waits
/// for the write (a client that stops reading stops the upstream read),
/// and no second write goes out before the first completes. The
/// upstream's end waits for the batch before it; its failure does not
/// wait for a client that is not reading, and the parts held behind a
/// write are then dropped, as the transport's buffer would have been.
///
/// A value, decided without I/O; `LiveRelay` does what it says.
struct RelayBatch {
    /// Parts taken and not yet written, in order.
    private(set) var pending = ByteBuffer()
    /// A look at the end of the pass is due.
    private var looking = false
    /// A part came since the last look was asked for.
    private var cameSinceLook = false
    /// A batch's write is out and has not completed.
    private(set) var writing = false
    /// The upstream's end or failure, waiting for the batch before it.
    private var ending: Ending?
    /// The write that failed: the client is gone, and the transport is
    /// told so at its next part.
    private var writeFailure: (any Error)?
    /// The exchange is over: nothing more goes to it.
    private(set) var over = false

    /// At this much the batch is written at once, whatever the pass still
    /// brings: a read's parts are bounded by the read, but a batch need not
    /// wait for a whole one to be worth writing.
    static let limit = 64 * 1024

    enum Ending {
        case end
        case failed(UpstreamFailure)
    }

    /// What to do with a part as it comes.
    enum Taken {
        /// Taken: the transport may hand on the next part at once.
        case taken
        /// Taken, and the first of a pass: look at the pass's end (`passLooked`).
        case takenLookLater
        /// Taken, but the transport waits until the write out completes.
        case hold
        /// The batch is full: write it now (`take`), and the transport
        /// waits for that write.
        case writeNow
        /// Our last write failed: fail the transport's request with it.
        case refuse(any Error)
    }

    mutating func received(_ part: ByteBuffer) -> Taken {
        if let failure = self.writeFailure { return .refuse(failure) }
        guard !self.over else { return .taken }
        if self.pending.readableBytes == 0 {
            self.pending = part
        } else {
            self.pending.writeImmutableBuffer(part)
        }
        if self.writing { return .hold }
        if self.pending.readableBytes >= Self.limit { return .writeNow }
        return self.look() ? .takenLookLater : .taken
    }

    /// Whether a look at the pass's end must be asked for now; marks that
    /// a part came since the last.
    private mutating func look() -> Bool {
        guard !self.looking else {
            self.cameSinceLook = true
            return false
        }
        self.looking = true
        self.cameSinceLook = false
        return true
    }

    /// What the look at the pass's end finds.
    enum Look: Equatable {
        case nothing
        /// Parts still came: look once more, after them.
        case again
        /// The pass is over: write the batch (`take`).
        case write
    }

    mutating func passLooked() -> Look {
        self.looking = false
        guard !self.over else { return .nothing }
        if self.cameSinceLook {
            self.looking = true
            self.cameSinceLook = false
            return .again
        }
        return self.writing || self.pending.readableBytes == 0 ? .nothing : .write
    }

    /// The batch, now going out; nothing is written while it is.
    mutating func take() -> ByteBuffer {
        self.writing = true
        defer { self.pending = ByteBuffer() }
        return self.pending
    }

    /// What follows a batch's write.
    enum Next {
        case nothing
        /// Parts came while it was out: look at the pass's end.
        case lookLater
        /// The end waited for it, and nothing is left: run it now.
        case end(Ending)
        /// The end waits for the parts that came meanwhile: write them now.
        case write
    }

    /// The batch's write completed (`failure`: it failed). The transport,
    /// if it waited, is let go first; then `next()` says what follows.
    mutating func written(failure: (any Error)?) {
        self.writing = false
        if let failure, self.writeFailure == nil { self.writeFailure = failure }
    }

    mutating func next() -> Next {
        guard !self.over, !self.writing else { return .nothing }
        if let ending = self.ending {
            if let failure = self.writeFailure {
                // The client is gone: the end says so, as the transport would
                // have said with our write's failure.
                self.finish()
                return .end(.failed(UpstreamFailure(failure)))
            }
            guard self.pending.readableBytes == 0 else { return .write }
            self.finish()
            return .end(ending)
        }
        guard self.pending.readableBytes > 0 else { return .nothing }
        return self.look() ? .lookLater : .nothing
    }

    /// What to do with the upstream's end or failure as it comes.
    enum Ended {
        /// Nothing waits: run it now.
        case now
        /// Write the batch first (`take`), then run it (a failure at once,
        /// the end once the write completes, from `next`).
        case writeFirst
        /// A write is out: the end runs once it completes (from `next`).
        case wait
        /// The exchange is over already.
        case drop
    }

    mutating func ended(_ ending: Ending) -> Ended {
        guard !self.over else { return .drop }
        if case .failed = ending {
            // A client that is not reading does not hold the failure back;
            // what waited behind the write out never reaches it.
            if self.writing || self.pending.readableBytes == 0 {
                self.finish()
                return .now
            }
            return .writeFirst
        }
        if self.writing || self.pending.readableBytes > 0 {
            self.ending = ending
            return self.writing ? .wait : .writeFirst
        }
        self.finish()
        return .now
    }

    /// The exchange is over (it ended, or an action ended it): nothing
    /// more is written, nor run.
    mutating func finish() {
        self.over = true
        self.ending = nil
        self.pending = ByteBuffer()
    }
}
