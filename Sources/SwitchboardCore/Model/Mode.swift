/// What an endpoint does with the next request that reaches it.
///
/// The mode is one of the two settings a person flips at runtime (the other is
/// the latency profile). Modes that answer pick one of the endpoint's three
/// responses; the order of `cycle` is the order the space bar walks through.
public enum Mode: Sendable, Hashable {
    case success
    case error
    case serverError

    /// The modes the space bar cycles through, in order.
    public static let cycle: [Mode] = [.success, .error, .serverError]

    /// Every mode a manifest or a control call may name.
    public static let all: [Mode] = [.success, .error, .serverError]

    /// The spelling used in manifests, the control API and the journal.
    public var name: String {
        switch self {
        case .success: "success"
        case .error: "error"
        case .serverError: "server_error"
        }
    }

    /// Parses the manifest spelling; `nil` for anything unknown.
    public init?(name: String) {
        switch name {
        case "success": self = .success
        case "error": self = .error
        case "server_error", "500": self = .serverError
        default: return nil
        }
    }

    /// The mode after this one in `cycle`, wrapping around.
    public var next: Mode {
        let index = Mode.cycle.firstIndex(of: self) ?? 0
        return Mode.cycle[(index + 1) % Mode.cycle.count]
    }

    /// Which of the endpoint's responses this mode serves.
    public var response: ResponseKind {
        switch self {
        case .success: .success
        case .error: .error
        case .serverError: .serverError
        }
    }
}
