/// Requests per second over the last few seconds, from the running total.
public struct RateMeter: Equatable, Sendable {
    private var samples: [(time: Double, total: Int)] = []
    /// The window the rate is averaged over.
    public var window: Double = 5

    public init() {}

    public mutating func sample(time: Double, total: Int) {
        self.samples.append((time, total))
        while let first = self.samples.first, time - first.time > self.window, self.samples.count > 2 {
            self.samples.removeFirst()
        }
    }

    public var perSecond: Double {
        guard let first = self.samples.first, let last = self.samples.last, last.time > first.time else { return 0 }
        return Double(last.total - first.total) / (last.time - first.time)
    }

    public static func == (lhs: RateMeter, rhs: RateMeter) -> Bool {
        lhs.perSecond == rhs.perSecond
    }
}
