/// What loading a manifest looked at besides the manifest itself: the
/// files to watch for a reload, including ones that were missing.
public struct FixtureReads: Sendable, Equatable {
    /// Body files, relative to the fixtures folder.
    public var files: Set<String> = []
    /// Per-request file patterns (`episodes/{episode}.json`): a file that
    /// fits one may appear, change or go.
    public var patterns: Set<TextTemplate> = []

    public init() {}

    public func union(_ other: FixtureReads) -> FixtureReads {
        var both = self
        both.files.formUnion(other.files)
        both.patterns.formUnion(other.patterns)
        return both
    }
}
