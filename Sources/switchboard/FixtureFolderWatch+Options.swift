import SwitchboardCore
import SwitchboardSpecEndpoints

extension FixtureFolderWatch {
    /// The folder watch of the screen and `serve`; nil with `--no-reload`.
    static func unlessNoReload(
        _ options: ServerOptions, panel: ControlPanel,
        report: @escaping @Sendable (FixtureWatcher.Event) -> Void = { _ in }
    ) -> FixtureFolderWatch? {
        options.noReload
            ? nil
            : FixtureFolderWatch(
                directory: options.directory, panel: panel, seed: options.seed ?? ManifestLoader.defaultSeed,
                descriptions: .openAPI, report: report)
    }
}
