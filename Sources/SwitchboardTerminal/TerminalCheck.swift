#if canImport(Glibc)
    import Glibc
#endif

/// Whether this process can run the screen, and if not, why, in a sentence
/// that points at `switchboard serve`.
public enum TerminalCheck {
    public static func problem(environment: [String: String]) -> String? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return
                "the screen needs a terminal, but input or output is redirected — run `switchboard serve` to serve without the screen"
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || term == "unknown" {
            return
                "TERM is '\(term.isEmpty ? "unset" : term)', which cannot draw the screen — set TERM (e.g. xterm-256color) or run `switchboard serve`"
        }
        return nil
    }

    /// `NO_COLOR` set to anything non-empty turns colours off (no-color.org).
    public static func colorDisabled(environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }
}
