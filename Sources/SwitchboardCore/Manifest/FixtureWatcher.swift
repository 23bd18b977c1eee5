import Foundation
import Synchronization

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
    private let displayDirectory: String
    private let panel: ControlPanel
    private let interval: Duration
    private let onEvent: @Sendable (Event) -> Void
    private let state: Mutex<State>

    private struct State {
        /// What to look at: what the last good manifest was built from,
        /// and after a failed reload also what the broken one names.
        var watching: FixtureReads
        var loaded: [String: FileStamp]
        /// A change seen once; loaded when the next look finds it settled.
        var pending: [String: FileStamp]?
        var running = false
    }

    struct FileStamp: Equatable, Sendable {
        var size: Int
        var modified: Double
    }

    public init(
        directory: String, displayDirectory: String, panel: ControlPanel, interval: Duration = .milliseconds(250),
        onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.directory = directory
        self.displayDirectory = displayDirectory
        self.panel = panel
        self.interval = interval
        self.onEvent = onEvent
        let manifest = panel.snapshot().manifest
        let stamps = Self.stamps(of: directory, watching: manifest.reads)
        // Edited since loading began: nothing counts as loaded, so the
        // first looks reload.
        let stale = stamps.values.contains { $0.modified > manifest.loadedAt }
        self.state = Mutex(State(watching: manifest.reads, loaded: stale ? [:] : stamps))
    }

    /// Looks every `interval` on a thread of its own until `stop`.
    public func start() {
        self.state.withLock { $0.running = true }
        let thread = Thread {
            while self.state.withLock({ $0.running }) {
                self.check()
                Thread.sleep(forTimeInterval: self.interval.milliseconds / 1000)
            }
        }
        thread.name = "switchboard-fixture-watcher"
        thread.start()
    }

    public func stop() {
        self.state.withLock { $0.running = false }
    }

    /// One look: reloads when the folder changed and has stayed the same
    /// since the previous look (so a file half written is not read).
    @discardableResult
    public func check() -> Event? {
        let watching = self.state.withLock { $0.watching }
        let now = Self.stamps(of: self.directory, watching: watching)
        let ready: Bool = self.state.withLock { state in
            guard now != state.loaded else {
                state.pending = nil
                return false
            }
            if state.pending == now {
                state.loaded = now
                state.pending = nil
                return true
            }
            state.pending = now
            return false
        }
        guard ready else { return nil }
        return self.reload()
    }

    /// Loads the folder now, whatever changed.
    @discardableResult
    public func reload() -> Event {
        let event: Event
        do {
            let manifest = try ManifestLoader.load(directory: self.directory, displayDirectory: self.displayDirectory)
            self.panel.replaceManifest(manifest)
            self.watch(manifest.reads)
            event = .reloaded(endpoints: manifest.endpoints.count)
        } catch {
            self.panel.reportReloadProblems(error.diagnostics)
            // Creating the file a broken manifest names must reload too.
            self.watch(self.panel.snapshot().manifest.reads.union(error.reads))
            event = .failed(error.diagnostics)
        }
        self.onEvent(event)
        return event
    }

    private func watch(_ reads: FixtureReads) {
        let stamps = Self.stamps(of: self.directory, watching: reads)
        self.state.withLock {
            $0.watching = reads
            $0.loaded = stamps
        }
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
