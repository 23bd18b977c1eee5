import Foundation
import Synchronization

/// Watches a fixtures folder and reloads it into the control panel when a
/// file changes: the manifest or any body file. A broken edit leaves the
/// last good manifest serving and records the problems until it is fixed.
///
/// It looks only at what the manifest depends on: the manifest itself, the
/// body files it names, and the folders its per-request patterns pick from
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
        var stamps = Self.stamps(of: directory, manifest: manifest)
        // Edited between loading and watching: make the first look reload.
        if stamps.values.contains(where: { $0.modified > manifest.loadedAt }) {
            stamps["(changed since load)"] = FileStamp(size: 0, modified: 0)
        }
        self.state = Mutex(State(loaded: stamps))
    }

    /// Looks every `interval` on a thread of its own until `stop`.
    public func start() {
        self.state.withLock { $0.running = true }
        let thread = Thread {
            while self.state.withLock({ $0.running }) {
                self.check()
                Thread.sleep(
                    forTimeInterval: Double(self.interval.components.seconds)
                        + Double(self.interval.components.attoseconds) / 1e18)
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
        let now = Self.stamps(of: self.directory, manifest: self.panel.snapshot().manifest)
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
            // What to watch may have changed with it.
            let stamps = Self.stamps(of: self.directory, manifest: manifest)
            self.state.withLock { $0.loaded = stamps }
            event = .reloaded(endpoints: manifest.endpoints.count)
        } catch {
            self.panel.reportReloadProblems(error.diagnostics)
            event = .failed(error.diagnostics)
        }
        self.onEvent(event)
        return event
    }

    /// Sizes and times of what `manifest` depends on.
    static func stamps(of directory: String, manifest: Manifest) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        func add(_ relative: String) {
            var info = stat()
            guard stat((directory as NSString).appendingPathComponent(relative), &info) == 0 else { return }
            stamps[relative] = FileStamp(
                size: Int(info.st_size), modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
        for name in ManifestLoader.manifestNames { add(name) }
        for file in manifest.watchedFiles { add(file) }
        for folder in manifest.watchedFolders {
            let path = (directory as NSString).appendingPathComponent(folder)
            if folder == "*" {
                // A pattern whose folder depends on the request: all of it.
                guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
                while let relative = enumerator.nextObject() as? String, stamps.count < 10_000 { add(relative) }
            } else {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.prefix(10_000) { add((folder as NSString).appendingPathComponent(name)) }
            }
        }
        return stamps
    }
}
