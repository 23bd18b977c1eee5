import SwitchboardCore

/// What a test sets up: a manifest and its body files, held in memory (no
/// folder is written), loaded as `serve` loads a folder, and a control
/// panel over it with the test's clock and seed.
///
///     let panel = try MemoryFixtures(manifest).panel(clock: clock)
public struct MemoryFixtures: Sendable {
    /// Where the files seem to be: messages name `/fixtures/switchboard.yml`.
    public static let folder = "/fixtures"

    public var manifest: String
    /// Body files, by path relative to the folder (`users/1.json`).
    public var files: [String: [UInt8]]
    /// What reads an `openapi:` description (`.openAPI` from
    /// SwitchboardSpecEndpoints, in the test targets that link it).
    public var descriptions: DescriptionFormats

    public init(_ manifest: String, files: [String: [UInt8]] = [:], descriptions: DescriptionFormats = .none) {
        self.manifest = manifest
        self.files = files
        self.descriptions = descriptions
    }

    public init(_ manifest: String, textFiles: [String: String], descriptions: DescriptionFormats = .none) {
        self.init(manifest, files: textFiles.mapValues { Array($0.utf8) }, descriptions: descriptions)
    }

    /// The folder as the loader reads it.
    public var fixtureFiles: FixtureFiles {
        var all = self.files
        all["switchboard.yml"] = Array(self.manifest.utf8)
        return .memory(all, at: Self.folder)
    }

    /// The manifest, loaded; its problems thrown as `serve` reports them.
    public func load() throws(ManifestError) -> Manifest {
        try ManifestLoader.load(directory: Self.folder, files: self.fixtureFiles, descriptions: self.descriptions)
    }

    /// A control panel over the manifest. `seed` decides flaky outcomes and
    /// random delays, unless `random` is given; `clock` is the panel's time
    /// (drills, rate limits, change markers).
    public func panel(
        seed: UInt64 = 1, random: (any RandomSource)? = nil, clock: ManualClock? = nil,
        learnLimit: Int = SeenLive.limit
    ) throws -> ControlPanel {
        ControlPanel(
            manifest: try self.load(), random: random ?? SeededRandom(seed: seed), learnLimit: learnLimit,
            now: clock?.panelClock ?? ControlPanel.wallClock)
    }
}
