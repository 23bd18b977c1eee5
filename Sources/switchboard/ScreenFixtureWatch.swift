import Foundation
import SwitchboardCore
import Synchronization

/// The screen's fixture watcher, started as soon as there is a folder to
/// watch: at start, or when `w` created the folder (started with
/// `--upstream` and no fixtures), so that editing what was recorded, a stub
/// above all, reloads like any other edit.
final class ScreenFixtureWatch: Sendable {
    private let options: Options
    private let panel: ControlPanel
    private let watcher = Mutex<FixtureWatcher?>(nil)
    private let stopped = Mutex(false)

    struct Options: Sendable {
        var directory: String
        var noReload: Bool
    }

    init(_ options: ServerOptions, panel: ControlPanel) {
        self.options = Options(directory: options.directory, noReload: options.noReload)
        self.panel = panel
    }

    /// Starts watching if it does not yet and the folder is there.
    func startIfThere() {
        guard !self.options.noReload, !self.stopped.withLock({ $0 }) else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: self.options.directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return }
        self.watcher.withLock { watcher in
            guard watcher == nil else { return }
            let started = FixtureWatcher(
                directory: self.options.directory, displayDirectory: self.options.directory, panel: self.panel)
            started.start()
            watcher = started
        }
    }

    func stop() {
        self.stopped.withLock { $0 = true }
        self.watcher.withLock { $0?.stop() }
    }
}
