/// The outcome part of the last `serve` line written, kept for the next
/// line with the same outcome: the requests of a remembered answer share
/// one (`JournalEntry.Outcome`) and come one after another, and their
/// endpoint, mode, setting, latency and the rest are then copied as bytes,
/// not encoded again field by field.
///
/// The outcome is held, so its box cannot change or be reused while its
/// bytes are kept: an outcome identical to it is the same outcome, and
/// any other (another answer, a flip, a reload) is encoded afresh.
public struct JournalLineCache: ~Copyable {
    private var outcome: JournalEntry.Outcome?
    private var bytes = JSONByteWriter(capacity: 256)

    public init() {}

    /// `outcome`'s part of the line (`Outcome.appendLineJSON`), copied when
    /// it is the one kept.
    mutating func append(_ outcome: JournalEntry.Outcome, to out: inout JSONByteWriter) {
        if self.outcome?.isIdentical(to: outcome) != true {
            self.bytes.removeAll(keepingCapacityUpTo: 4096)
            outcome.appendLineJSON(to: &self.bytes)
            self.outcome = outcome
        }
        self.bytes.withBytes { out.append(bytes: $0) }
    }
}
