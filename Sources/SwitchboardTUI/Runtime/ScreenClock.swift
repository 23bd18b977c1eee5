#if canImport(Glibc)
    import Glibc
#endif

/// The runtime's two clocks, injectable so that tests step time by hand
/// instead of waiting for frames and ticks.
public struct ScreenClock: Sendable {
    /// Seconds on a clock that never steps back: frames and ticks.
    public var monotonic: @Sendable () -> Double
    /// Seconds since 1970: the name of an exported HAR file, a drill's
    /// countdown.
    public var wall: @Sendable () -> Double

    public init(monotonic: @escaping @Sendable () -> Double, wall: @escaping @Sendable () -> Double) {
        self.monotonic = monotonic
        self.wall = wall
    }

    /// The machine's clocks.
    public static let system = ScreenClock(
        monotonic: {
            var spec = timespec()
            clock_gettime(CLOCK_MONOTONIC, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        },
        wall: {
            // To the microsecond: a drill's countdown is read from it.
            var spec = timespec()
            clock_gettime(CLOCK_REALTIME, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        })
}
