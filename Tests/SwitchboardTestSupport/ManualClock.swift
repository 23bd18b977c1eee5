import NIOConcurrencyHelpers
import SwitchboardTUI

/// A clock that moves only when the test says so.
public final class ManualClock: Sendable {
    private let seconds: NIOLockedValueBox<Double>

    public init(startingAt seconds: Double = 1_000) {
        self.seconds = NIOLockedValueBox(seconds)
    }

    public func advance(by seconds: Double) {
        self.seconds.withLockedValue { $0 += seconds }
    }

    /// The control panel's clock: the same wall time as `screenClock`'s, so
    /// a change's marker and the screen agree on when it happened.
    public var panelClock: @Sendable () -> Double {
        { 1_763_812_860 + self.seconds.withLockedValue { $0 } - 1_000 }
    }

    /// Both of the runtime's clocks read this one; 12:01:00 UTC on the
    /// fixtures' day, plus the elapsed seconds, as the wall clock.
    public var screenClock: ScreenClock {
        ScreenClock(
            monotonic: { self.seconds.withLockedValue { $0 } },
            wall: { 1_763_812_860 + self.seconds.withLockedValue { $0 } - 1_000 })
    }
}
