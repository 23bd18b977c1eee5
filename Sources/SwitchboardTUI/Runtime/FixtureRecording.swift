/// What `w` and `W` ask to record into the fixtures.
public enum RecordTarget: Hashable, Sendable {
    /// An endpoint's last live answer: `w` on its row.
    case endpoint(String)
    /// Every endpoint seen live: `W`.
    case everySeenLive
    /// The endpoint of a request in the journal: `w` on its log line or in
    /// its details. A request no endpoint matched and nothing answered live
    /// becomes a stub endpoint.
    case request(sequence: Int)
}

/// Recording into the fixtures, as the screen asks for it. The screen knows
/// nothing of the server: the program's wiring hands in the server's
/// recording. Recording writes files, so the runtime calls it off the
/// screen thread and shows the sentence it comes back with (what was
/// written, or why nothing was) once it is done.
public struct FixtureRecording: Sendable {
    public var record: @Sendable (RecordTarget) async -> String

    public init(_ record: @escaping @Sendable (RecordTarget) async -> String) {
        self.record = record
    }
}
