import NIOHTTP1
import SwitchboardCore

/// One connection's memory of the answers that repeat: an endpoint whose
/// decision says so (`Decision.repeats`: nothing drawn, counted or asked
/// for per request) gets the same prepared answer for every request until
/// the snapshot changes. `Responder.prepare` routes a request and looks
/// its endpoint's answer up here instead of deciding it again; a `GET`
/// for the very target the last remembered answer was for, where routing
/// reads no header (`EndpointTable.routesByTargetAlone`), is not even
/// routed again (`RequestHandler.respond`). It only remembers: what
/// repeats is the decision's to say, and any change to the panel (a flip,
/// a reload, a scenario, a drill's step, a reset) is a new snapshot
/// version, which forgets everything.
struct AnswerMemo {
    /// The snapshot version the answers were decided in.
    private var version = Int.min
    /// By endpoint index; by reference, so the list stays small and a
    /// remembered answer is handed out without copying it.
    private var answers: [DecidedAnswer?] = []
    /// The target of the last `GET` remembered, and its answer.
    private var target: String?
    private var targetAnswer: DecidedAnswer?

    init() {}

    /// The answer remembered for the endpoint at `index` in `snapshot`.
    func answer(endpoint index: Int, in snapshot: PanelSnapshot) -> DecidedAnswer? {
        guard self.version == snapshot.version, index < self.answers.count else { return nil }
        return self.answers[index]
    }

    /// The answer remembered for a `GET` of `target` while the panel's
    /// version is `version`, when it needs no routing: the target
    /// remembered. (The caller rules out requests asking for an answer of
    /// their own, with a `Prefer` header.)
    func answer(toGet target: String, version: Int) -> DecidedAnswer? {
        guard self.version == version, let remembered = self.target, target == remembered else { return nil }
        return self.targetAnswer
    }

    /// Remembers `response`, decided in `snapshot` for the endpoint at
    /// `index` by a decision that repeats, for the request `head`; by its
    /// target too when `byTarget` (not for a rate-limited endpoint, whose
    /// every request must be taken by its limit).
    mutating func keep(
        _ response: PreparedResponse, endpoint index: Int, for head: HTTPRequestHead, in snapshot: PanelSnapshot,
        byTarget: Bool = true
    ) {
        if self.version != snapshot.version {
            self.version = snapshot.version
            self.answers.removeAll(keepingCapacity: true)
            self.target = nil
            self.targetAnswer = nil
        }
        if self.answers.count <= index {
            self.answers.append(contentsOf: repeatElement(nil, count: index + 1 - self.answers.count))
        }
        let answer = DecidedAnswer(response)
        self.answers[index] = answer
        // A checked request's headers matter (a credential), not only its target.
        if byTarget, case .GET = head.method, snapshot.table.routesByTargetAlone, !snapshot.manifest.validatesRequests {
            self.target = head.uri
            self.targetAnswer = answer
        }
    }
}
