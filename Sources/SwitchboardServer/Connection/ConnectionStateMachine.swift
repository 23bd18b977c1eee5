import NIOCore
import NIOHTTP1

/// What one connection is doing, and what it does next: every event the
/// request handler sees (a request part, a parser error, a response
/// finished, a deadline, the server stopping, the client leaving) goes
/// through one mutating method here, which moves the state and returns an
/// action. The handler performs the action: it does the I/O, this decides.
/// The shape is that of NIO's `HTTPServerPipelineHandler.ConnectionState`
/// and Hummingbird's `HTTPConnectionStateHandler.StateMachine`.
///
/// One request is answered at a time. Parts of requests that arrive while
/// a response is under way (pipelining) are held, and so is a parser error
/// behind them, as NIO does: the delayed response still goes out whole and
/// in order, then the error's 400 or 431, then the connection closes.
/// Reading stops while anything is held, so the client is slowed down by
/// TCP rather than buffered without bound.
///
/// An event that cannot happen in a state (a body before any head, a
/// response finished that never started) returns `.unexpected`: the handler
/// fails loudly in debug builds and closes the connection in release ones,
/// and the transition tests check for it without crashing.
///
/// A live request (issue 11) is an exchange with the upstream, a state
/// machine of its own (`UpstreamStateMachine`) nested in `.uploading` (its
/// body still arriving, streamed up part by part) and in
/// `.answering(.upstream)` (the request all in, the answer awaited, relayed,
/// or held to be cut). Events that concern the exchange go to it, and its
/// `Action` comes back to the handler (see `ConnectionStateMachine+Upstream`);
/// when it says the exchange is over, the connection leaves that state.
/// Back-pressure needs no state of its own: each relayed part's write future
/// is what the upstream client waits for before it reads the next, so a
/// client that stops reading stops the upstream read.
struct ConnectionStateMachine {
    enum State {
        /// Between requests: the next head may come.
        case idle
        /// The head is in; the body is arriving.
        case receiving(Request)
        /// A live request whose body is still arriving: each part goes on
        /// to the upstream as it comes, and the upstream may answer before
        /// the last one (see `ConnectionStateMachine+Upload`).
        case uploading(Request, UpstreamSlot)
        /// The whole request is in and its response is under way.
        case answering(Answer)
        /// Refused, cut short or stopped: the connection closes once its
        /// last bytes are out, and whatever still arrives is ignored.
        case closing
        /// The channel is gone.
        case closed
        /// Only inside a mutating method: holds nothing, so that the
        /// request taken out of `receiving` is the only reference to its
        /// body, and appending to it does not copy it.
        case modifying

        /// No request, answer or exchange is kept in it.
        var holdsNothing: Bool {
            switch self {
            case .idle, .closing, .closed, .modifying, .answering(.writing), .answering(.readingFile): true
            case .receiving, .uploading, .answering: false
            }
        }
    }

    /// Where a response is.
    enum Answer {
        /// Being written now (at once, a control answer, an export).
        case writing
        /// Held back by a timer: the injected delay, or the gap before the
        /// next chunk of a bandwidth-limited body.
        case waiting(Request, DecidedAnswer, Resume)
        /// Held unanswered until the client gives up (`hang`).
        case hanging(Request, DecidedAnswer)
        /// Its body is being made off the loop (`LaterBody`): read from
        /// disk, or generated from a description on its first answer.
        case readingFile
        /// Sent to the upstream: its answer awaited, relayed, or held
        /// (see `UpstreamStateMachine`).
        case upstream(Request, UpstreamSlot)
    }

    /// What waits behind the response under way, in the order it arrived.
    enum Held {
        case part(HTTPServerRequestPart)
        case parserError(HTTPParserError)
    }

    /// Bodies larger than this are refused with 413 (control requests aside).
    let maxBodyBytes: Int
    var state = State.idle
    var held = CircularBuffer<Held>()
    /// A read was asked for while reading was held back.
    var readDeferred = false
    /// An answer went out while the client still uploaded: closing must
    /// not reset the connection under it (see
    /// `RequestHandler.lingerThenClose`).
    var lingersOnClose = false
    /// The current read decoded some part of a request.
    var decodedInRead = false
    /// Held parts are being handed out: a response that finishes meanwhile
    /// returns to that loop rather than starting another one inside it.
    var draining = false
    /// The server is stopping: the response under way is the last one, and
    /// nothing held is taken up after it.
    var stopRequested = false

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// The state, taken out, `modifying` left in its place: what it held
    /// moves to the caller rather than being copied (a request is four
    /// references, each retained and released again with a copy).
    mutating func takeState() -> State {
        var taken = State.modifying
        swap(&taken, &self.state)
        return taken
    }

    /// Moves on from a state that holds nothing (`idle`, `modifying`,
    /// `answering(.writing)`), without destroying it: an assignment would
    /// destroy the old value through a call that looks up its case, some
    /// 75 instructions, on each of the three moves every request makes
    /// (head, end, answer finished). Nothing is lost: there is nothing to
    /// release in such a state, which debug builds check.
    mutating func leaveEmptyState(for next: consuming State) {
        assert(self.state.holdsNothing, "leaving \(self.stateName), which holds a request")
        Self.overwrite(&self.state, with: next)
    }

    /// (A function, not a closure: a closure cannot consume `next`.)
    private static func overwrite(_ state: UnsafeMutablePointer<State>, with next: consuming State) {
        state.initialize(to: next)
    }

    /// Why an event cannot happen in the current state.
    func unexpected(_ event: StaticString) -> String {
        "\(event) while \(self.stateName)"
    }

    var stateName: String {
        switch self.state {
        case .idle: "idle"
        case .receiving: "receiving"
        case .uploading(_, let upstream) where upstream.machine.answer == .awaitingHead: "uploading"
        case .uploading(_, let upstream): "uploading, \(upstream.machine.stateName)"
        case .answering(.writing): "writing"
        case .answering(.waiting): "waiting"
        case .answering(.hanging): "hanging"
        case .answering(.readingFile): "reading a file"
        case .answering(.upstream(_, let upstream)): upstream.machine.stateName
        case .closing: "closing"
        case .closed: "closed"
        case .modifying: "modifying"
        }
    }
}
