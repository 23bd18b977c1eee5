import Foundation
import NIOConcurrencyHelpers

/// Watches a fixtures folder and reloads it into the control panel when a
/// file changes: the manifest or any body file. A broken edit leaves the
/// last good manifest serving and records the problems until it is fixed.
///
/// It looks only at what the manifest depends on: the manifest itself, the
/// body files it names, and the files that fit its per-request patterns
/// (so a log or HAR file written into the folder does not count). It polls
/// sizes and modification times a few times a second rather than using
/// inotify: that works the same everywhere, also on network and container
/// mounts.
public final class FixtureWatcher: Sendable {
    public enum Event: Sendable, Equatable {
        case reloaded(endpoints: Int)
        case failed([Diagnostic])
    }

    private let directory: String
    /// The folder whose files it looks at: `directory`, or the one holding
    /// the OpenAPI description `directory` names.
    private let folder: String
    private let displayDirectory: String
    private let seed: UInt64
    private let descriptions: DescriptionFormats
    private let panel: ControlPanel
    private let interval: Duration
    private let files: FixtureFiles
    private let onEvent: @Sendable (Event) -> Void
    private let state: NIOLockedValueBox<State>

    private struct State {
        /// What to look at: what the last good manifest was built from,
        /// and after a failed reload also what the broken one names.
        var watching: FixtureReads
        var schedule: ReloadSchedule
        var running = false
    }

    /// `files` reads the folder (tests pass one that fails on cue).
    public init(
        directory: String, displayDirectory: String, panel: ControlPanel, interval: Duration = .milliseconds(250),
        files: FixtureFiles = .disk, seed: UInt64 = ManifestLoader.defaultSeed,
        descriptions: DescriptionFormats = .none, onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.directory = directory
        if case .file = files.kind(directory) {
            self.folder = (directory as NSString).deletingLastPathComponent
        } else {
            self.folder = directory
        }
        self.seed = seed
        self.descriptions = descriptions
        self.displayDirectory = displayDirectory
        self.panel = panel
        self.interval = interval
        self.files = files
        self.onEvent = onEvent
        let manifest = panel.snapshot().manifest
        let stamps = Self.stamps(of: self.folder, watching: manifest.reads)
        // Edited since loading began: nothing counts as loaded, so the
        // first looks reload.
        let stale = stamps.values.contains { $0.modified > manifest.loadedAt }
        self.state = NIOLockedValueBox(
            State(watching: manifest.reads, schedule: ReloadSchedule(loaded: stale ? [:] : stamps)))
    }

    /// Looks every `interval` on a thread of its own until `stop`.
    public func start() {
        self.state.withLockedValue { $0.running = true }
        let thread = Thread {
            let clock = ContinuousClock()
            let started = clock.now
            while self.state.withLockedValue({ $0.running }) {
                self.check(at: clock.now - started)
                Thread.sleep(forTimeInterval: self.interval.milliseconds / 1000)
            }
        }
        thread.name = "switchboard-fixture-watcher"
        thread.start()
    }

    public func stop() {
        self.state.withLockedValue { $0.running = false }
    }

    /// One look at `now` (on any clock that moves forward): reloads when a
    /// change has settled, or when a load that could not read a file is due
    /// to be tried again (see `ReloadSchedule`).
    @discardableResult
    public func check(at now: Duration) -> Event? {
        let watching = self.state.withLockedValue { $0.watching }
        let stamps = Self.stamps(of: self.folder, watching: watching)
        guard self.state.withLockedValue({ $0.schedule.look(at: stamps, now: now) }) else { return nil }
        return self.reload(at: now, before: stamps)
    }

    /// Loads the folder; `before` is how its files looked just before.
    private func reload(at now: Duration, before: [String: FileStamp]) -> Event {
        let event: Event
        let reads: FixtureReads
        var couldNotRead = false
        do {
            let manifest = try ManifestLoader.load(
                directory: self.directory, displayDirectory: self.displayDirectory, files: self.files, seed: self.seed,
                descriptions: self.descriptions)
            self.panel.replaceManifest(manifest)
            reads = manifest.reads
            event = .reloaded(endpoints: manifest.endpoints.count)
        } catch {
            self.panel.reportReloadProblems(error.diagnostics)
            // Creating the file a broken manifest names must reload too.
            reads = self.panel.snapshot().manifest.reads.union(error.reads)
            couldNotRead = error.unreadable
            event = .failed(error.diagnostics)
        }
        // Files as they were before the load read them: one changed while
        // it read differs at the next look, and loads again.
        var stamps = Self.stamps(of: self.folder, watching: reads)
        for (file, earlier) in before where stamps[file] != nil { stamps[file] = earlier }
        self.state.withLockedValue {
            $0.watching = reads
            $0.schedule.loaded(stamps, couldNotRead: couldNotRead, now: now)
        }
        self.onEvent(event)
        return event
    }

    /// Sizes and times of the manifest and of what it reads.
    static func stamps(of directory: String, watching reads: FixtureReads) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        func add(_ relative: String) {
            var info = stat()
            guard stat((directory as NSString).appendingPathComponent(relative), &info) == 0 else { return }
            stamps[relative] = FileStamp(
                size: Int(info.st_size), modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
        for name in ManifestLoader.manifestNames { add(name) }
        for file in reads.files { add(file) }
        for pattern in reads.patterns {
            // Only the part of the tree before the first placeholder can hold
            // files that fit.
            let fixed = pattern.text.prefix { $0 != "{" }
            let base = fixed.lastIndex(of: "/").map { String(fixed[..<$0]) } ?? ""
            let root = (directory as NSString).appendingPathComponent(base)
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            var seen = 0
            while let next = enumerator.nextObject() as? String, seen < 10_000 {
                seen += 1
                let relative = base.isEmpty ? next : base + "/" + next
                if FixtureFolder.fits(relative, pattern) { add(relative) }
            }
        }
        return stamps
    }
}
