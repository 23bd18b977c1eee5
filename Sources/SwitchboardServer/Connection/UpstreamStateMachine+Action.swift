import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The states of an exchange with the upstream and the actions its events
/// answer (see `UpstreamStateMachine`).
extension UpstreamStateMachine {
    typealias Request = ConnectionStateMachine.Request

    /// The request's body on its way up.
    enum Upload {
        /// Nothing streams: the request had no body, or it went whole.
        case none
        /// The transport has not asked for the body yet: the parts that
        /// came meanwhile (a read's worth: the client is not read while
        /// they wait), and whether the request's end came too.
        case awaitingWriter([ByteBuffer], ended: Bool)
        /// Each part goes to the transport's writer as it comes; `done`
        /// completes the body for the transport.
        case streaming(any UpstreamBodyWriter, done: EventLoopPromise<Void>)
        /// Ended, or given up: nothing more goes up.
        case finished
    }

    /// The upstream's answer.
    enum Answer: Equatable {
        case awaitingHead
        /// Its head went out; its body is relayed as it comes.
        case relaying
        /// `truncated` on an answer whose length the upstream gave: its
        /// first half streams, and `left` bytes go out before the cut.
        case cutting(left: Int)
        /// `truncated` on an answer of unknown length: nothing goes out
        /// before it is whole, so a failure meanwhile is still a 502.
        case holding
    }

    struct State {
        var upload: Upload
        var answer: Answer
    }

    enum Action {
        /// Nothing to do now.
        case none
        /// The exchange is over (the connection closing or gone): the
        /// event is dropped.
        case ignore
        case unexpected(String)

        // The upload.
        /// Give the part to the transport; the client is read on once it
        /// is taken (`ConnectionStateMachine.uploadPartTaken`).
        case uploadPart(ByteBuffer, to: any UpstreamBodyWriter)
        /// The transport asked for the body: give it what waited, and end
        /// it with `end` if the request's end came already.
        case startUpload([ByteBuffer], to: any UpstreamBodyWriter, end: EventLoopPromise<Void>?)
        /// The request's end came: the body is complete.
        case endUpload(EventLoopPromise<Void>)
        /// A part nobody takes (the request streams no body, or the
        /// exchange is over): dropped, and the read it held back let go.
        case dropPart
        /// The transport asked for a body that no longer goes up.
        case refuseWriter(EventLoopPromise<Void>)

        // The answer.
        /// The upstream's answer cannot be relayed (a 101): fail the
        /// transport's request, whose failure then comes back as an event.
        case failUpstream(UpstreamFailure)
        /// Write the relayed head. `raw`: as bytes, past the encoder (no
        /// body follows, and the encoder would frame one). `last`: it is
        /// all the client gets, so once it is out the client has the answer.
        case writeHead(HTTPResponseHead, raw: Bool, last: Bool)
        /// Write the head of a `truncated` answer, promising 1 KB more
        /// than the upstream's; `cutNow`: no body byte goes out (HEAD, or
        /// an empty body), the cut follows at once (`cutReached`).
        case writeCutHead(Request, PreparedResponse, cutNow: Bool)
        /// Write a part of the upstream's body: at once, or `paced`, in
        /// the pieces and at the instants the exchange's `Pacer` gives
        /// (`nextPiece`). `last`: the answer's last promised byte.
        /// `thenCut`: the cut comes once it is written (`cutReached`).
        case write(ByteBuffer, paced: Bool, last: Bool, thenCut: Bool)

        // The end: the exchange is over, and the connection has left its
        // upstream state. Each carries the upload's promise to fail, if
        // the body was still going up.
        /// The answer came whole: journal it, keep it for recording
        /// (`keep`), end it (`bodyless`: its head went out as bytes), and
        /// go on or close as `close` says.
        case finish(
            Request, PreparedResponse, keep: LiveExchange?, bodyless: Bool, close: AnswerClose,
            abandon: EventLoopPromise<Void>?)
        /// Answer with this response as any other (`perform`): a 502 or
        /// 504, or a held answer cut as `truncated` cuts a fixture's.
        /// `cancel`: stop the upstream request after.
        case answer(
            Request, PreparedResponse, keep: LiveExchange?, cancel: Bool, abandon: EventLoopPromise<Void>?)
        /// Journal the request with `status`; `cancel`: stop the upstream
        /// request first; `close`: the client is still there and its answer
        /// is cut short (the connection closes with no more bytes).
        case end(
            Request, PreparedResponse, JournalEntry.Status, keep: LiveExchange?, cancel: Bool, close: Bool,
            abandon: EventLoopPromise<Void>?)
    }
}

extension UpstreamStateMachine.Action {
    /// The exchange is over after it (or was already): nothing more of
    /// the upstream's answer may reach the connection, whose next request
    /// may be under way.
    var endsExchange: Bool {
        switch self {
        case .finish, .answer, .end, .ignore: true
        case .none, .unexpected, .uploadPart, .startUpload, .endUpload, .dropPart, .refuseWriter, .failUpstream,
            .writeHead, .writeCutHead, .write:
            false
        }
    }
}

extension ConnectionStateMachine {
    typealias UpstreamAction = UpstreamStateMachine.Action
}

/// Why an upload stopped before its end.
struct UploadAbandoned: Error {}
