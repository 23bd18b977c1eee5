import CTerminalRescue

#if canImport(Glibc)
    public import Glibc
#endif

/// Signal set-up that must happen before any other thread starts.
///
/// SIGWINCH is blocked everywhere and only let through while the screen
/// thread waits in ppoll, so a resize is never lost and never interrupts a
/// server thread. INT, TERM and HUP set a flag and write to a pipe instead of
/// killing the process, so the terminal is always restored.
public enum ProcessSignals {
    /// Call first thing in `main`, before the server starts its threads.
    public static func prepare() {
        sb_block_winch()
        sb_quit_signals_install()
        // A stopped process would stop the server too: Ctrl-Z is ignored.
        signal(SIGTSTP, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    /// The mask the screen thread uses while it waits: nothing blocked, so
    /// a resize gets through there and only there.
    public static var waitMask: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        return mask
    }

    /// A descriptor that is readable once a quit signal has arrived.
    public static var quitDescriptor: Int32 { sb_quit_signal_fd() }

    /// The signal that asked us to quit, if any (clears it).
    public static func takeQuitSignal() -> Int32? {
        let signal = sb_quit_signal_take()
        return signal == 0 ? nil : signal
    }
}
