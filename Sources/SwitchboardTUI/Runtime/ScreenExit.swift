#if canImport(Glibc)
    import Glibc
#endif

/// How the screen ended, and the exit status that goes with it.
public enum ScreenExit: Equatable, Sendable {
    /// `q`.
    case quit
    /// Ctrl-C typed in the screen.
    case interrupted
    /// SIGINT, SIGTERM or SIGHUP from outside.
    case signal(Int32)

    /// 0 for `q`; 128 + the signal otherwise, as shells expect.
    public var status: Int32 {
        switch self {
        case .quit: 0
        case .interrupted: 128 + SIGINT
        case .signal(let number): 128 + number
        }
    }
}
