import Foundation
import NIOConcurrencyHelpers

/// The fixture watcher of a running Switchboard (the screen or `serve`),
/// started as soon as there is a folder to watch: at start, or when a
/// recording created the folder (started with `--upstream` and no
/// fixtures), so that editing what was recorded, a stub above all, reloads
/// like any other edit.
///
/// One lock holds whether it waits, watches or has stopped, and a watcher
/// is started under it: none can start after `stop`, so nothing reloads
/// after shutdown.
public final class FixtureFolderWatch: Sendable {
    private enum State {
        case waiting
        case watching(FixtureWatcher)
        case stopped
    }

    private let directory: String
    private let panel: ControlPanel
    private let interval: Duration
    private let report: @Sendable (FixtureWatcher.Event) -> Void
    private let seed: UInt64
    private let descriptions: DescriptionFormats
    private let state = NIOLockedValueBox(State.waiting)

    /// - Parameter report: hears each reload (`serve` prints them; the
    ///   screen shows them through the control panel instead).
    public init(
        directory: String, panel: ControlPanel, interval: Duration = .milliseconds(250),
        seed: UInt64 = ManifestLoader.defaultSeed, descriptions: DescriptionFormats = .none,
        report: @escaping @Sendable (FixtureWatcher.Event) -> Void = { _ in }
    ) {
        self.directory = directory
        self.seed = seed
        self.descriptions = descriptions
        self.panel = panel
        self.interval = interval
        self.report = report
    }

    /// Whether a watcher is running.
    public var isWatching: Bool {
        self.state.withLockedValue { state in
            if case .watching = state { return true }
            return false
        }
    }

    /// Starts watching if it does not yet, has not stopped, and the folder
    /// (or the OpenAPI description served instead of one) is there.
    public func startIfThere() {
        self.state.withLockedValue { state in
            guard case .waiting = state else { return }
            guard FileManager.default.fileExists(atPath: self.directory) else { return }
            let watcher = FixtureWatcher(
                directory: self.directory, displayDirectory: self.directory, panel: self.panel,
                interval: self.interval, seed: self.seed, descriptions: self.descriptions,
                onEvent: self.report)
            watcher.start()
            state = .watching(watcher)
        }
    }

    /// Stops the watcher, if one runs, and any from starting later.
    public func stop() {
        self.state.withLockedValue { state in
            if case .watching(let watcher) = state { watcher.stop() }
            state = .stopped
        }
    }
}
