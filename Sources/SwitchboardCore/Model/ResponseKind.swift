/// The three responses every endpoint has, spelled out in the manifest or not.
public enum ResponseKind: String, Sendable, Hashable, CaseIterable {
    case success
    case error
    case serverError = "server_error"

    /// The status used when the manifest gives none.
    public var defaultStatus: Int {
        switch self {
        case .success: 200
        case .error: 400
        case .serverError: 500
        }
    }
}
