public import SwitchboardCore
import SwitchboardModel

/// The screen without the waiting: each `step` brings in new requests and
/// settings changes, samples the clock, feeds the typed keys to the reducer,
/// performs their effects on the control panel and the journal, and draws at
/// most ~30 frames a second. The caller waits for the time `step` names (or
/// for a wake-up) and calls it again; the ncurses loop does that with ppoll,
/// tests with an in-memory terminal and a hand-stepped clock.
///
/// The control panel is the only authority over what the endpoint rows
/// show: a key's change goes to the panel, and the snapshot it leaves is fed
/// back before the next key is read. A refused change never shows.
public final class ScreenRuntime {
    public private(set) var state: AppState
    private let panel: ControlPanel
    private let journal: RequestJournal
    private let terminal: any Terminal
    private let options: RenderOptions
    private let clock: ScreenClock
    private let export: HARExport
    private let recording: FixtureRecording?
    private let curl: CurlExport
    private let replay: RequestReplay?
    /// Recordings and replays, off the screen thread.
    private let jobs: ScreenJobs
    private var lastSequence = 0
    private var lastPanelVersion = -1
    /// The item counts last fed to the reducer (`nil`: rows rebuilt since).
    private var lastResourceItems: [String: Int]?
    private var lastChange = 0
    private var dirty = true
    private var lastDraw = -Double.infinity
    private var lastTick = -Double.infinity

    /// Redraw no more often than this, however fast requests arrive.
    public static let frameInterval = 1.0 / 30
    /// How often the request rate is sampled when nothing else happens.
    public static let tickInterval = 1.0

    /// What the caller does after a step.
    public enum Step: Equatable, Sendable {
        /// Wait at most this many seconds and step again; sooner on a key,
        /// and on a wake-up (new requests, a settings change, a finished
        /// job) only when `wakeUps` is true. With a frame pending it is
        /// false: what arrives meanwhile is taken in with that frame, so a
        /// busy server costs the screen one batch a frame, not a step (and
        /// the server a wake-up) per request.
        case wait(seconds: Double, wakeUps: Bool)
        case exit(ScreenExit)
    }

    /// - Parameters:
    ///   - redact: hide credentials in HAR files exported with `e`.
    ///   - exportFolder: where `e` writes; `nil` is the working folder.
    ///   - recording: what `w` and `W` do; `nil` where nothing records.
    ///   - replay: what `p` does; `nil` where nothing can send requests.
    ///   - wake: called, from another thread, when a recording or a
    ///     replay finished: the caller steps again soon after.
    public init(
        panel: ControlPanel, journal: RequestJournal, terminal: any Terminal, serverURL: String,
        options: RenderOptions, clock: ScreenClock = .system, redact: Bool = true, exportFolder: String? = nil,
        upstreamInsecure: Bool = false, recording: FixtureRecording? = nil, replay: RequestReplay? = nil,
        wake: @escaping @Sendable () -> Void = {}
    ) {
        self.recording = recording
        self.replay = replay
        self.curl = CurlExport(folder: exportFolder, serverURL: serverURL)
        self.jobs = ScreenJobs(wake: wake)
        self.panel = panel
        self.journal = journal
        self.terminal = terminal
        self.options = options
        self.clock = clock
        self.state = AppState(serverURL: serverURL, upstreamInsecure: upstreamInsecure)
        self.export = HARExport(folder: exportFolder, serverURL: serverURL, redact: redact)
    }

    deinit {
        self.jobs.cancelAll()
    }

    /// Recordings and replays still running (none once the screen quit).
    public var jobsRunning: Int { self.jobs.running }

    /// One turn of the screen; never blocks.
    public func step() -> Step {
        var size = self.terminal.size
        let now = self.clock.monotonic()
        if !self.dirty || now - self.lastDraw >= Self.frameInterval {
            self.dirty = self.pullChanges(size) || self.dirty
        }
        if now - self.lastTick >= Self.tickInterval {
            self.lastTick = now
            let before = self.state
            self.send(.tick(now: now), size)
            self.send(.wallClock(self.clock.wall()), size)
            self.dirty = self.dirty || before != self.state
        }
        // A drill's countdown moves on the second it is due, not on the
        // screen's own tick, which is not in step with the drill.
        if let drill = self.state.drill {
            let wall = self.clock.wall()
            if drill.label(at: wall) != drill.label(at: self.state.wallTime) {
                self.send(.wallClock(wall), size)
                self.dirty = true
            }
        }
        for key in self.terminal.readKeys() {
            // A resize changes the size mid-batch: measure per key.
            size = self.terminal.size
            let effects = Reducer.reduce(&self.state, .key(key), width: size.width, height: size.height)
            self.dirty = true
            if let exit = self.perform(effects, size) { return .exit(exit) }
        }
        if self.dirty && now - self.lastDraw >= Self.frameInterval {
            size = self.terminal.size
            self.terminal.draw(
                ScreenRenderer.render(self.state, width: size.width, height: size.height, options: self.options))
            self.lastDraw = now
            self.dirty = false
        }
        let elapsed = self.clock.monotonic()
        let untilFrame =
            self.dirty ? max(0.001, Self.frameInterval - (elapsed - self.lastDraw)) : Self.tickInterval
        // Ticks keep to the second even when nothing else wakes the loop,
        // so each sparkline bucket covers one second.
        let untilTick = max(0.001, Self.tickInterval - (elapsed - self.lastTick))
        return .wait(seconds: min(untilFrame, untilTick, self.untilCountdownMoves()), wakeUps: !self.dirty)
    }

    /// Seconds until a running drill's countdown shows one second less
    /// (it rounds up, so when the time left crosses a whole second).
    private func untilCountdownMoves() -> Double {
        guard let due = self.state.drill?.nextDue else { return .infinity }
        let left = due - self.clock.wall()
        guard left > 0 else { return Self.tickInterval }
        let fraction = left - left.rounded(.down)
        return max(0.001, fraction == 0 ? 1 : fraction)
    }

    /// Brings in new requests and settings changes; true if anything changed.
    private func pullChanges(_ size: (width: Int, height: Int)) -> Bool {
        var changed = self.pullPanel(size)
        // Taken before the journal, fed after it: a replay's entry is
        // journaled before its answer, so it is in this page if the replay
        // has finished; and a recording's notice comes after the reload it
        // made.
        let finished = self.jobs.take()
        let page = self.journal.entries(after: self.lastSequence, limit: self.state.logCapacity)
        if page.lastSequence != self.lastSequence {
            self.lastSequence = page.lastSequence
            self.send(.requests(page.entries, missed: page.missed, stats: self.journal.stats()), size)
            changed = true
            self.pullRuleCounts(size)
        }
        // Creates and deletes move them, and so do the control API's
        // replacements and resets, which change nothing else.
        if self.pullResourceItems(size) { changed = true }
        // After the requests: a marker goes in among them by time.
        let changes = self.panel.changes(after: self.lastChange)
        if let last = changes.last {
            self.lastChange = last.sequence
            self.send(.changes(changes), size)
            changed = true
        }
        for action in finished {
            self.send(action, size)
            changed = true
        }
        return changed
    }

    /// Feeds the panel's snapshot to the reducer if it moved on.
    @discardableResult
    private func pullPanel(_ size: (width: Int, height: Int)) -> Bool {
        let snapshot = self.panel.snapshot()
        guard snapshot.version != self.lastPanelVersion else { return false }
        self.lastPanelVersion = snapshot.version
        self.send(.panel(snapshot, self.journal.stats()), size)
        // The rows were rebuilt without their item counts.
        self.lastResourceItems = nil
        return true
    }

    /// Feeds the resources' item counts to the reducer when they moved.
    private func pullResourceItems(_ size: (width: Int, height: Int)) -> Bool {
        let counts = self.panel.resources.counts()
        guard !counts.isEmpty, counts != self.lastResourceItems else { return false }
        self.lastResourceItems = counts
        self.send(.resourceItems(counts), size)
        return true
    }

    /// Feeds the count rules' progress to the reducer: requests move the
    /// counters without changing the panel's version.
    private func pullRuleCounts(_ size: (width: Int, height: Int)) {
        guard self.state.endpoints.contains(where: { $0.mode.isCountRule }) else { return }
        let snapshot = self.panel.snapshot()
        var counts: [String: Int] = [:]
        for row in snapshot.rows where row.setting.mode.isCountRule {
            counts[row.definition.id] = row.counters.ruleRequestsSoFar
        }
        self.send(.counted(counts), size)
    }

    /// Feeds an outside event or an effect's result (a tick, requests, the
    /// panel, details, a notice, a refusal). Only keys ask for effects; one
    /// asked for here would be performed by nobody, so it is a bug.
    private func send(_ action: Action, _ size: (width: Int, height: Int)) {
        let effects = Reducer.reduce(&self.state, action, width: size.width, height: size.height)
        assert(effects.isEmpty, "\(action) asked for \(effects), which nothing performs")
    }

    /// Performs effects on the control panel and the journal; returns how
    /// to exit, if asked.
    private func perform(_ effects: [Effect], _ size: (width: Int, height: Int)) -> ScreenExit? {
        for effect in effects {
            do throws(ControlError) {
                switch effect {
                case .quit(let interrupted):
                    self.jobs.cancelAll()
                    return interrupted ? .interrupted : .quit
                case .set(let id, let change): try self.panel.set(endpoint: id, change, origin: .key)
                case .reset(let id): try self.panel.reset(endpoint: id, origin: .key)
                case .applyToAll(let id): try self.panel.applyToAll(from: id, origin: .key)
                case .applyScenario(let name): try self.panel.applyScenario(named: name, origin: .key)
                case .openDetails(let sequence):
                    let view = self.journal.entry(sequence: sequence).map { entry in
                        DetailsFormatter.view(entry, signature: self.signature(of: entry.endpointID))
                    }
                    self.send(.details(self.options.unicode ? view : view?.forASCII()), size)
                case .openEndpoint(let id):
                    if let sheet = self.endpointSheet(id, width: size.width) {
                        self.send(.details(self.options.unicode ? sheet : sheet.forASCII()), size)
                    } else {
                        self.send(.notice("\(id) was seen live; the manifest declares nothing for it"), size)
                    }
                case .exportHAR(let sequences):
                    let entries = sequences.compactMap { self.journal.entry(sequence: $0) }
                    // Every change the panel still holds, as `--har` lists
                    // every change of the session.
                    let markers = self.panel.changes(after: 0)
                    self.send(.notice(self.export.write(entries, markers: markers, at: self.clock.wall())), size)
                case .record(let target):
                    self.startRecording(target, size)
                case .copyAsCurl(let sequence):
                    self.send(.notice(self.copyAsCurl(sequence)), size)
                case .replay(let sequence):
                    self.startReplay(sequence, size)
                }
            } catch {
                self.send(.refused(error), size)
            }
            // The rows show what the panel holds now, before the next key.
            self.pullPanel(size)
        }
        return nil
    }

    /// Records off the screen thread: the notice comes back at a later step.
    private func startRecording(_ target: RecordTarget, _ size: (width: Int, height: Int)) {
        guard let recording = self.recording else {
            let generation = self.panel.snapshot().generation
            self.send(.recorded("recording is not available in this screen", keptThrough: generation), size)
            return
        }
        let panel = self.panel
        let before = panel.snapshot().generation
        self.jobs.start {
            let notice = await recording.record(target)
            // A recording that wrote loaded the new manifest itself; the
            // fixture watcher reloads the same files once more a moment
            // later. Its notice stays over those two reloads only.
            let after = panel.snapshot().generation
            return .recorded(notice, keptThrough: after > before ? after + 1 : after)
        }
    }

    /// Writes the request's curl script, puts the command on the clipboard,
    /// and says where it went.
    private func copyAsCurl(_ sequence: Int) -> String {
        guard let entry = self.journal.entry(sequence: sequence) else {
            return "request #\(sequence) is no longer in the journal"
        }
        let copy: RequestCopy
        do { copy = try RequestCopy(entry) } catch { return "cannot copy: \(error.description)" }
        switch self.curl.write(copy) {
        case .failure(let error):
            return error.description
        case .success(let written):
            guard self.terminal.copyToClipboard(written.clipboard) else {
                return "curl command saved to \(written.path)"
            }
            return "curl command copied and saved to \(written.path)"
                + (written.masked ? " (credentials only in the file)" : "")
        }
    }

    /// Sends the request again off the screen thread; its line and
    /// `.replayFinished` come back at a later step. A replay that cannot
    /// start finishes at once, saying why.
    private func startReplay(_ sequence: Int, _ size: (width: Int, height: Int)) {
        switch self.replayable(sequence) {
        case .failure(let error):
            self.send(.replayFinished(original: sequence, .failure(error)), size)
        case .success(let (replay, request)):
            self.jobs.start { .replayFinished(original: sequence, await replay.send(request)) }
        }
    }

    /// How to send request `sequence` again, or why it cannot be.
    private func replayable(_ sequence: Int) -> Result<(RequestReplay, RequestCopy), ReplayError> {
        guard let replay = self.replay else {
            return .failure(ReplayError("replaying is not available in this screen"))
        }
        guard let entry = self.journal.entry(sequence: sequence) else {
            return .failure(ReplayError("request #\(sequence) is no longer in the journal"))
        }
        do { return .success((replay, try RequestCopy(entry))) } catch {
            return .failure(ReplayError(error.description))
        }
    }

    /// What the endpoint `id` serves, from the manifest the panel holds now.
    private func endpointSheet(_ id: String, width: Int) -> DetailsView? {
        let manifest = self.panel.snapshot().manifest
        guard let index = manifest.endpointIndex(id: id),
            let row = self.state.endpoints.first(where: { $0.id == id })
        else { return nil }
        return EndpointSheet.view(
            manifest.endpoints[index], row: row, log: self.state.log, serverURL: self.state.serverURL,
            latencyLabel: self.state.latencyLabel(row.latency), width: DetailsScreen.textWidth(screen: width))
    }

    private func signature(of id: String?) -> String? {
        guard let id else { return nil }
        let manifest = self.panel.snapshot().manifest
        return manifest.endpointIndex(id: id).map { manifest.endpoints[$0].signature }
    }
}
