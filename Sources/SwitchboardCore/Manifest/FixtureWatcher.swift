import Foundation
import Synchronization

/// Watches a fixtures folder and reloads it into the control panel when a
/// file changes: the manifest or any body file. A broken edit leaves the
/// last good manifest serving and records the problems until it is fixed.
///
/// It polls (every file's size and modification time, a few times a
/// second) rather than using inotify: that works the same everywhere, also
/// on network and container mounts, and a fixtures folder is small.
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
        self.state = Mutex(State(loaded: Self.stamps(of: directory)))
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
        let now = Self.stamps(of: self.directory)
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
            event = .reloaded(endpoints: manifest.endpoints.count)
        } catch {
            self.panel.reportReloadProblems(error.diagnostics)
            event = .failed(error.diagnostics)
        }
        self.onEvent(event)
        return event
    }

    static func stamps(of directory: String) -> [String: FileStamp] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [:] }
        var stamps: [String: FileStamp] = [:]
        while let relative = enumerator.nextObject() as? String, stamps.count < 10_000 {
            var info = stat()
            guard stat((directory as NSString).appendingPathComponent(relative), &info) == 0 else { continue }
            stamps[relative] = FileStamp(
                size: Int(info.st_size),
                modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
        return stamps
    }
}
