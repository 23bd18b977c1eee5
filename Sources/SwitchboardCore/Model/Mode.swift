/// What an endpoint does with the next request that reaches it.
///
/// The mode is one of the two settings a person flips at runtime (the other
/// is the latency profile). Three modes answer with one of the endpoint's
/// responses; five imitate a broken network; `flaky` and `sequence` pick
/// among the others per request.
public enum Mode: Sendable, Hashable {
    case success
    case error
    case serverError
    /// The connection is reset (TCP RST) once the request has been read.
    case reset
    /// The request is read and never answered, until the client gives up.
    case hang
    /// The connection closes with no bytes written.
    case empty
    /// Random bytes that are not HTTP, then close.
    case garbage
    /// Status and headers promise more body than is sent, then close.
    case truncated
    /// `percent`% of requests get `serverError`, the rest `success`.
    case flaky(percent: Int)
    /// The endpoint's manifest `sequence`, one mode per request, repeating.
    case sequence

    /// The order of the space bar and of the digit keys (1…9, then 0).
    public static let cycle: [Mode] = [
        .success, .error, .serverError, .reset, .hang, .empty, .garbage, .truncated, .flaky(percent: 25), .sequence,
    ]

    /// Flaky rates the screen steps through.
    public static let flakyPresets = [10, 25, 50, 75, 90]

    /// The spelling used in manifests, the control API and the journal:
    /// `server_error`, `flaky:25`.
    public var name: String {
        switch self {
        case .success: "success"
        case .error: "error"
        case .serverError: "server_error"
        case .reset: "reset"
        case .hang: "hang"
        case .empty: "empty"
        case .garbage: "garbage"
        case .truncated: "truncated"
        case .flaky(let percent): "flaky:\(percent)"
        case .sequence: "sequence"
        }
    }

    /// Every spelling a manifest or control call may use, for messages.
    public static let names = [
        "success", "error", "server_error", "reset", "hang", "empty", "garbage", "truncated", "flaky:N", "sequence",
    ]

    /// Parses `success`, `server_error` (or `500`), `flaky:25` (or `flaky`,
    /// 25%); `nil` for anything unknown or a rate outside 0…100.
    public init?(name: String) {
        let lowered = name.lowercased()
        switch lowered {
        case "success": self = .success
        case "error": self = .error
        case "server_error", "500": self = .serverError
        case "reset": self = .reset
        case "hang": self = .hang
        case "empty": self = .empty
        case "garbage": self = .garbage
        case "truncated": self = .truncated
        case "sequence": self = .sequence
        case "flaky": self = .flaky(percent: 25)
        default:
            guard lowered.hasPrefix("flaky:") || lowered.hasPrefix("flaky ") else { return nil }
            var number = lowered.dropFirst(6)
            if number.hasSuffix("%") { number = number.dropLast() }
            guard let percent = Int(number), (0...100).contains(percent) else { return nil }
            self = .flaky(percent: percent)
        }
    }

    /// The kind of mode, ignoring a flaky rate: what the cycle compares.
    var family: Int {
        switch self {
        case .success: 0
        case .error: 1
        case .serverError: 2
        case .reset: 3
        case .hang: 4
        case .empty: 5
        case .garbage: 6
        case .truncated: 7
        case .flaky: 8
        case .sequence: 9
        }
    }

    /// The mode after this one in `cycle`, wrapping around. `sequence` is
    /// skipped for endpoints that declare none; flaky keeps `flaky`'s rate.
    public func next(hasSequence: Bool = true, flakyPercent: Int = 25) -> Mode {
        var index = self.family
        repeat {
            index = (index + 1) % Mode.cycle.count
        } while Mode.cycle[index] == .sequence && !hasSequence
        if case .flaky = Mode.cycle[index] { return .flaky(percent: flakyPercent) }
        return Mode.cycle[index]
    }

    /// The mode for a digit key: 1…9 in `cycle` order, 0 for the tenth.
    public static func numbered(_ digit: Int) -> Mode? {
        let index = digit == 0 ? 9 : digit - 1
        return Mode.cycle.indices.contains(index) ? Mode.cycle[index] : nil
    }
}
