import SwitchboardTUI
import SwitchboardTestSupport

extension ScreenHarness {
    /// The demo fixtures, with `ScreenFixtures.traffic` in the journal.
    static func demo(
        width: Int = 80, height: Int = 24, exportFolder: String? = nil, recording: FixtureRecording? = nil
    ) throws -> ScreenHarness {
        let harness = ScreenHarness(
            panel: try ScreenFixtures.demoPanel(), width: width, height: height, exportFolder: exportFolder,
            recording: recording)
        for entry in ScreenFixtures.traffic { harness.journal.record(entry) }
        harness.frame()
        return harness
    }
}
