import NIOConcurrencyHelpers

/// A clock for a fixture watcher that moves only when a test moves it
/// (the reload tests of the core and of a served description).
public final class TestTime: Sendable {
    private let now = NIOLockedValueBox(Duration.zero)

    public init() {}

    public func advance(by step: Duration) -> Duration {
        self.now.withLockedValue {
            $0 += step
            return $0
        }
    }
}
