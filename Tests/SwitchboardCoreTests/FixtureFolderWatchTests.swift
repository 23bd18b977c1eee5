import Foundation
import SwitchboardCore
import Testing

/// The screen's and `serve`'s watch: it starts once there is a folder, and
/// never after it was stopped.
@Suite struct FixtureFolderWatchTests {
    static func panel(for directory: String) -> ControlPanel {
        ControlPanel(
            manifest: Manifest(
                directory: directory, file: (directory as NSString).appendingPathComponent("switchboard.yml"),
                endpoints: []))
    }

    @Test func aFolderThatAppearsLaterIsWatchedFromThen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = FixtureFolderWatch(directory: directory.path, panel: Self.panel(for: directory.path))
        defer { watch.stop() }
        watch.startIfThere()
        #expect(!watch.isWatching, "no folder, nothing to watch")
        // What a recording does when it creates the folder.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        watch.startIfThere()
        #expect(watch.isWatching)
        watch.startIfThere()
        #expect(watch.isWatching, "asked again, it keeps the one watcher")
    }

    @Test func nothingStartsWatchingOnceStopped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = FixtureFolderWatch(directory: directory.path, panel: Self.panel(for: directory.path))
        watch.stop()
        // A recording finishing during shutdown asks to start it.
        watch.startIfThere()
        #expect(!watch.isWatching)
    }

    @Test func stoppingStopsTheWatcherThatRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = FixtureFolderWatch(directory: directory.path, panel: Self.panel(for: directory.path))
        watch.startIfThere()
        #expect(watch.isWatching)
        watch.stop()
        #expect(!watch.isWatching)
        watch.startIfThere()
        #expect(!watch.isWatching)
    }
}
