import CNcurses
public import SwitchboardCore
import SwitchboardProcess
import SwitchboardTUI

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the screen on the calling thread until the user quits or a signal
/// arrives: waits (without spinning) for a key, new requests, a settings
/// change or a resize, feeds each to the reducer, performs the effects on the
/// control panel and redraws at most ~30 times a second.
public final class ScreenLoop {
    private let panel: ControlPanel
    private let journal: RequestJournal
    private let wake = WakePipe()
    private var state: AppState
    private let colorWanted: Bool
    private let redact: Bool
    private var lastSequence = 0
    private var lastPanelVersion = -1

    /// Redraw no more often than this, however fast requests arrive.
    private static let frameInterval = 1.0 / 30
    /// How often the request rate is sampled when nothing else happens.
    private static let tickInterval = 1.0

    /// - Parameter redact: hide credentials in HAR files exported with `e`.
    public init(panel: ControlPanel, journal: RequestJournal, serverURL: String, colorWanted: Bool, redact: Bool = true)
    {
        self.panel = panel
        self.journal = journal
        self.state = AppState(serverURL: serverURL)
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
        let options = RenderOptions(color: terminal.colors, unicode: terminal.unicode, utcOffset: Self.utcOffset())

        var dirty = true
        var lastDraw = 0.0
        var lastTick = 0.0
        while true {
            if let signal = ProcessSignals.takeQuitSignal() { return .signal(signal) }
            let size = terminal.size
            self.wake.drain()
            dirty = self.pullChanges(width: size.width, height: size.height) || dirty
            let now = Self.now()
            if now - lastTick >= Self.tickInterval {
                lastTick = now
                let before = self.state
                self.send(.tick(now: now), width: size.width, height: size.height)
                dirty = dirty || before != self.state
            }
            for key in terminal.readKeys() {
                if key == .resize { terminal.invalidate() }
                // A resize changes the size mid-batch: measure per key.
                let size = terminal.size
                let effects = self.send(.key(key), width: size.width, height: size.height)
                dirty = true
                if let exit = self.perform(effects, width: size.width, height: size.height) { return exit }
            }
            if dirty && now - lastDraw >= Self.frameInterval {
                let size = terminal.size
                terminal.draw(
                    ScreenRenderer.render(self.state, width: size.width, height: size.height, options: options))
                lastDraw = now
                dirty = false
            }
            let elapsed = Self.now()
            let untilFrame = dirty ? max(0.001, Self.frameInterval - (elapsed - lastDraw)) : Self.tickInterval
            // Ticks keep to the second even when nothing else wakes the
            // loop, so each sparkline bucket covers one second.
            let untilTick = max(0.001, Self.tickInterval - (elapsed - lastTick))
            self.waitForInput(timeout: min(untilFrame, untilTick))
        }
    }

    /// Brings in new requests and settings changes; true if anything changed.
    private func pullChanges(width: Int, height: Int) -> Bool {
        var changed = false
        let snapshot = self.panel.snapshot()
        if snapshot.version != self.lastPanelVersion {
            self.lastPanelVersion = snapshot.version
            self.send(.panel(snapshot, self.journal.stats()), width: width, height: height)
            changed = true
        }
        let page = self.journal.entries(after: self.lastSequence, limit: self.state.logCapacity)
        if page.lastSequence != self.lastSequence {
            self.lastSequence = page.lastSequence
            self.send(
                .requests(page.entries, missed: page.missed, stats: self.journal.stats()), width: width, height: height)
            changed = true
        }
        return changed
    }

    @discardableResult
    private func send(_ action: Action, width: Int, height: Int) -> [Effect] {
        Reducer.reduce(&self.state, action, width: width, height: height)
    }

    /// Applies effects to the control panel and journal; returns how to
    /// exit, if asked.
    private func perform(_ effects: [Effect], width: Int, height: Int) -> ScreenExit? {
        for effect in effects {
            do {
                switch effect {
                case .quit(let interrupted): return interrupted ? .interrupted : .quit
                case .setMode(let id, let mode): try self.panel.setMode(mode, endpoint: id)
                case .setLatency(let id, let name): try self.panel.setLatency(name, endpoint: id)
                case .reset(let id): try self.panel.reset(endpoint: id)
                case .applyToAll(let id): try self.panel.applyToAll(from: id)
                case .applyScenario(let name): try self.panel.applyScenario(named: name)
                case .openDetails(let sequence):
                    let view = self.journal.entry(sequence: sequence).map { entry in
                        DetailsFormatter.view(entry, signature: self.signature(of: entry.endpointID))
                    }
                    self.send(.details(view), width: width, height: height)
                case .exportHAR(let sequences):
                    self.send(.notice(self.exportHAR(sequences)), width: width, height: height)
                }
            } catch {
                // The endpoint vanished (a reload): say why, and take the
                // panel's word again over the row the key already changed.
                self.send(.notice(error.description), width: width, height: height)
                self.lastPanelVersion = -1
            }
        }
        return nil
    }

    private func signature(of id: String?) -> String? {
        guard let id else { return nil }
        let manifest = self.panel.snapshot().manifest
        return manifest.endpointIndex(id: id).map { manifest.endpoints[$0].signature }
    }

    /// Writes the requests to `switchboard-DATE-TIME.har` in the working folder.
    private func exportHAR(_ sequences: [Int]) -> String {
        let entries = sequences.compactMap { self.journal.entry(sequence: $0) }
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &local)
        let stamp = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let name = "switchboard-" + stamp + ".har"
        do {
            try HARWriter.write(entries, to: name, serverURL: self.state.serverURL, redact: self.redact)
            return "saved \(entries.count) requests to \(name)"
        } catch {
            return error.description
        }
    }

    /// Sleeps in ppoll until a key, a wake-up, a quit signal, a resize or the
    /// timeout.
    private func waitForInput(timeout: Double) {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: self.wake.readDescriptor, events: Int16(POLLIN), revents: 0),
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

    /// Seconds on a clock that never steps back (frames and ticks only).
    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static func utcOffset() -> Int {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        return local.tm_gmtoff
    }
}
