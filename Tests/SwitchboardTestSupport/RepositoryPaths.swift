import Foundation

/// Where things are in this repository, found from this source file so
/// tests work from any working directory.
public enum RepositoryPaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SwitchboardTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The bundled demo API as git has it staged, copied once per test run
    /// (``TrackedCopy``): trying the demo in the clone writes into
    /// `fixtures/`, and no test may depend on that. (Stage a change to the
    /// demo to test it.) Copied with one short `git` run when first asked.
    public static let fixtures: URL = TrackedCopy.of("fixtures", in: root)

    /// The folder the test runner was built into; the `switchboard` binary
    /// is built next to it.
    public static var productsDirectory: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // On Linux the runner is `…/debug/switchboardPackageTests.xctest`.
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        return directory
    }

    public static var switchboardBinary: URL {
        let beside = productsDirectory.appendingPathComponent("switchboard")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/switchboard")
    }
}
