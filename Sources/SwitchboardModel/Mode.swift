/// What an endpoint does with the next request that reaches it.
///
/// The mode is one of the two settings a person flips at runtime (the other
/// is the latency profile). Three modes answer with one of the endpoint's
/// responses; `live` passes the request through to the upstream; the
/// faults (`Fault`) imitate a broken network; `flaky`, `sequence` and the count rules pick
/// among the others per request.
public enum Mode: Sendable, Hashable {
    case success
    /// The request goes to the upstream and its answer comes back unchanged.
    case live
    case error
    case serverError
    /// A network fault in place of the answer (see `Fault`).
    case fault(Fault)
    /// `percent`% of requests get `serverError`, the rest `success`.
    case flaky(percent: Int)
    /// The endpoint's manifest `sequence`, one mode per request, repeating.
    case sequence
    /// `fail_first:N`, `every:N` or `after:N`: a failure pattern counted
    /// over the endpoint's requests since the rule was set.
    case rule(CountRule)

    /// The spelling used in manifests, the control API and the journal:
    /// `server_error`, `flaky:25`.
    public var name: String {
        switch self {
        case .success: "success"
        case .live: "live"
        case .error: "error"
        case .serverError: "server_error"
        case .fault(let fault): fault.name
        case .flaky(let percent): "flaky:\(percent)"
        case .sequence: "sequence"
        case .rule(let rule): rule.name
        }
    }

    /// Every spelling a manifest or control call may use, for messages.
    public static let names =
        ["success", "error", "server_error"] + Fault.allCases.map(\.name)
        + ["\(Fault.urlErrorPrefix)CODE", "flaky:N", "sequence", "live"]
        + CountRule.Kind.allCases.map { $0.rawValue + ":N" }

    /// Parses `success`, `server_error` (or `500`), `flaky:25` (or `flaky`,
    /// 25%), `fail_first:2:reset`; `nil` for anything unknown or a rate or
    /// count out of range (`CountRule.problem(with:)` says why).
    public init?(name: String) {
        let lowered = name.lowercased()
        switch lowered {
        case "success": self = .success
        case "live": self = .live
        case "error": self = .error
        case "server_error", "500": self = .serverError
        case "sequence": self = .sequence
        case "flaky": self = .flaky(percent: 25)
        default:
            if let fault = Fault(name: lowered) {
                self = .fault(fault)
                return
            }
            if let rule = CountRule(name: lowered) {
                self = .rule(rule)
                return
            }
            guard lowered.hasPrefix("flaky:") || lowered.hasPrefix("flaky ") else { return nil }
            var number = lowered.dropFirst(6)
            if number.hasSuffix("%") { number = number.dropLast() }
            guard let percent = Int(number), (0...100).contains(percent) else { return nil }
            self = .flaky(percent: percent)
        }
    }
}

extension Mode {
    // The faults as they were spelled before `Fault`: `.reset` in code that
    // sets a mode (`board.set("x", .reset)`) reads as it always has. A new
    // fault needs none of these: `.fault(.new)` says it.
    public static let reset = Mode.fault(.reset)
    public static let hang = Mode.fault(.hang)
    public static let empty = Mode.fault(.empty)
    public static let garbage = Mode.fault(.garbage)
    public static let truncated = Mode.fault(.truncated)
    public static let offline = Mode.fault(.offline)
}
