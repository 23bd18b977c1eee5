import NIOConcurrencyHelpers
import SwitchboardServer

/// Which instance answers a request that reaches ``SwitchboardURLProtocol``,
/// by the authority (`host:port`) of its URL. The system makes the protocol's
/// instances itself, one per request, so this is the only way to find the
/// right Switchboard; keying by each instance's own authority keeps many
/// instances in one process (parallel tests) apart. Entries are weak and
/// removed on `stop()`: the registry keeps no instance alive.
enum InProcessRegistry {
    private final class Entry: Sendable {
        weak let answers: InProcessAnswers?
        init(_ answers: InProcessAnswers) { self.answers = answers }
    }

    private static let entries = NIOLockedValueBox<[String: Entry]>([:])

    static func register(_ answers: InProcessAnswers, authority: String) {
        self.entries.withLockedValue { entries in
            // Dropped instances left their entries empty: sweep them here,
            // where the map grows, so it stays as large as the live set.
            entries = entries.filter { $0.value.answers != nil }
            entries[authority] = Entry(answers)
        }
    }

    static func remove(authority: String) {
        _ = self.entries.withLockedValue { $0.removeValue(forKey: authority) }
    }

    static func answers(authority: String) -> InProcessAnswers? {
        self.entries.withLockedValue { $0[authority]?.answers }
    }
}
