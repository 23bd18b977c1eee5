import CNcurses
public import SwitchboardCore
import SwitchboardProcess
public import SwitchboardTUI

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the screen on the calling thread until the user quits or a signal
/// arrives: the ncurses half of `ScreenRuntime`. It owns the terminal and
/// the waiting (ppoll on stdin, the wake-up pipe and the quit signals); the
/// runtime decides everything else.
public final class ScreenLoop {
    private let panel: ControlPanel
    private let journal: RequestJournal
    private let wake = WakePipe()
    private let serverURL: String
    private let colorWanted: Bool
    private let redact: Bool
    private let upstreamInsecure: Bool
    private let recording: FixtureRecording?
    private let replay: RequestReplay?

    /// - Parameters:
    ///   - redact: hide credentials in HAR files exported with `e`.
    ///   - upstreamInsecure: `--upstream-insecure`, shown on the top line.
    ///   - recording: what `w` and `W` do.
    ///   - replay: what `p` does.
    public init(
        panel: ControlPanel, journal: RequestJournal, serverURL: String, colorWanted: Bool, redact: Bool = true,
        upstreamInsecure: Bool = false, recording: FixtureRecording? = nil, replay: RequestReplay? = nil
    ) {
        self.recording = recording
        self.replay = replay
        self.upstreamInsecure = upstreamInsecure
        self.panel = panel
        self.journal = journal
        self.serverURL = serverURL
        self.colorWanted = colorWanted
        self.redact = redact
        let wake = self.wake
        journal.addListener { wake.wake() }
        // A change through the control API shows within one frame.
        panel.addListener { wake.wake() }
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Takes over the terminal and runs until quit; always gives the
    /// terminal back before returning. `beforeRestore` runs first, with the
    /// screen still up (the server drains its in-flight requests there).
    public func run(beforeRestore: () -> Void = {}) throws(StartError) -> ScreenExit {
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(wantColor: self.colorWanted)
        } catch {
            throw StartError(description: error.description)
        }
        defer {
            beforeRestore()
            terminal.close()
        }
        let runtime = ScreenRuntime(
            panel: self.panel, journal: self.journal, terminal: terminal, serverURL: self.serverURL,
            options: RenderOptions(color: terminal.colors, unicode: terminal.unicode, utcOffset: Self.utcOffset()),
            redact: self.redact, upstreamInsecure: self.upstreamInsecure, recording: self.recording,
            replay: self.replay, wake: { [wake = self.wake] in wake.wake() })
        while true {
            if let signal = ProcessSignals.takeQuitSignal() { return .signal(signal) }
            // Before looking for work, so that work arriving meanwhile wakes
            // the next wait.
            self.wake.drain()
            switch runtime.step() {
            case .exit(let exit): return exit
            case .wait(let seconds, let wakeUps): self.waitForInput(timeout: seconds, wakeUps: wakeUps)
            }
        }
    }

    /// Sleeps in ppoll until a key, a wake-up (if `wakeUps`), a quit signal,
    /// a resize or the timeout.
    private func waitForInput(timeout: Double, wakeUps: Bool) {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            // ppoll skips a negative descriptor; the byte stays in the pipe
            // and the flag stays set, so the server's wake-ups stay free.
            pollfd(fd: wakeUps ? self.wake.readDescriptor : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: ProcessSignals.quitDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        var spec = timespec(tv_sec: Int(timeout), tv_nsec: Int((timeout - Double(Int(timeout))) * 1e9))
        var mask = ProcessSignals.waitMask
        _ = ppoll(&fds, nfds_t(fds.count), &spec, &mask)
        // stdin closed (the terminal went away): SIGHUP normally follows;
        // don't spin meanwhile.
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            var short = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&short, nil)
        }
    }

    private static func utcOffset() -> Int {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        return local.tm_gmtoff
    }
}
