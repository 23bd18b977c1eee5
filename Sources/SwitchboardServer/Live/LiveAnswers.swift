import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The last live answer per endpoint, kept whole so it can be recorded
/// into the fixtures (`w`, `POST /__switchboard/record`, `--record`).
///
/// Keyed by the manifest endpoint's id, or, for a request no endpoint
/// matched, by the id its grouped row gets (`get-episodes-id`). Bounded:
/// a body over `bodyLimit` (8 MB) is not kept — only the fact that it was
/// too large, so recording it says why — and when all answers together pass
/// `totalLimit` (64 MB, each counted as its body, its headers and
/// `overhead`) or `countLimit` (1,000, as many as the rows seen live), the
/// oldest answers are dropped first: a client asking for ever new paths,
/// each with an empty body, grows nothing without end. The same
/// limit bounds what a live request in flight holds on to, so a large
/// download streams in flat memory: an API answer worth keeping as a
/// fixture is rarely anywhere near 8 MB.
final class LiveAnswers: Sendable {
    static let bodyLimit = 8 << 20
    static let totalLimit = 64 << 20
    static let countLimit = SeenLive.limit
    /// What an answer costs beyond its body and its headers' bytes: the
    /// dictionary and order entries, the strings' and arrays' own storage.
    static let overhead = 512

    /// What only recording needs (the suggested id, the path's parameters,
    /// the headers as fields) is worked out when it records, not for every
    /// live answer kept.
    struct Answer: Sendable {
        var method: String
        var pattern: PathPattern
        var existingID: String?
        /// The request target, for the path's parameters.
        var uri: String
        var status: Int
        var head: HTTPHeaders
        /// The body's parts as relayed; nil when it passed `bodyLimit`.
        var body: [ByteBuffer]?
        /// Bytes the upstream sent, kept or not.
        var size: Int

        /// The id a new endpoint for this answer gets.
        var suggestedID: String { PathGrouping.endpointID(method: self.method, pattern: self.pattern) }
        var parameters: [String: String] { self.pattern.match(RequestTarget(uri: self.uri).segments) ?? [:] }
        var headers: [HeaderField] { self.head.map { HeaderField(name: $0.name, value: $0.value) } }

        /// Bytes held for this answer, about.
        var held: Int {
            var bytes = LiveAnswers.overhead + self.method.utf8.count + self.uri.utf8.count
            for (name, value) in self.head { bytes += name.utf8.count + value.utf8.count }
            return bytes + (self.body == nil ? 0 : self.size)
        }

        /// The body in one piece.
        var bytes: [UInt8]? {
            guard let body else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(self.size)
            for part in body { bytes.append(contentsOf: part.readableBytesView) }
            return bytes
        }
    }

    private struct State {
        var answers: [String: Answer] = [:]
        /// Keys from the oldest answer to the newest.
        var order: [String] = []
        var total = 0
        /// Keys kept since `takeFresh` last ran (`--record`).
        var fresh: Set<String> = []
    }

    private let state = NIOLockedValueBox(State())
    /// Held while a recording writes: one at a time.
    let writes = NIOLock()
    /// Told when a recording created the fixtures folder.
    let createdFolder = NIOLockedValueBox<@Sendable () -> Void>({})
    let bodyLimit: Int
    let totalLimit: Int
    let countLimit: Int

    init(
        bodyLimit: Int = LiveAnswers.bodyLimit, totalLimit: Int = LiveAnswers.totalLimit,
        countLimit: Int = LiveAnswers.countLimit
    ) {
        self.bodyLimit = bodyLimit
        self.totalLimit = totalLimit
        self.countLimit = countLimit
    }

    /// Keeps `answer` as the one to record for its endpoint, unless it does
    /// not stand for the resource (a HEAD, a 304, a 206…; see
    /// `RecordedExchange.whyNotTheResource`) and one that does is kept:
    /// a client's own revalidation never replaces the real answer.
    func keep(_ answer: Answer) {
        let key = answer.existingID ?? answer.suggestedID
        let partial = RecordedExchange.whyNotTheResource(method: answer.method, status: answer.status) != nil
        self.state.withLockedValue { state in
            if partial, let old = state.answers[key],
                RecordedExchange.whyNotTheResource(method: old.method, status: old.status) == nil
            {
                return
            }
            if let old = state.answers.removeValue(forKey: key) {
                state.total -= old.held
                state.order.removeAll { $0 == key }
            }
            state.answers[key] = answer
            state.order.append(key)
            state.fresh.insert(key)
            state.total += answer.held
            while state.total > self.totalLimit || state.order.count > self.countLimit, state.order.count > 1 {
                let oldest = state.order.removeFirst()
                state.total -= state.answers.removeValue(forKey: oldest)?.held ?? 0
                state.fresh.remove(oldest)
            }
        }
    }

    /// Bytes held for all answers, as counted against `totalLimit`.
    var heldBytes: Int {
        self.state.withLockedValue { $0.total }
    }

    func answer(for key: String) -> Answer? {
        self.state.withLockedValue { $0.answers[key] }
    }

    /// The keys kept since the last call, oldest first.
    func takeFresh() -> [String] {
        self.state.withLockedValue { state in
            let fresh = state.order.filter { state.fresh.contains($0) }
            state.fresh = []
            return fresh
        }
    }

    /// Every key with an answer, oldest first.
    var keys: [String] {
        self.state.withLockedValue { $0.order }
    }
}
