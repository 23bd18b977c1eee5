/// Requests per second for one endpoint over the last minute, for its
/// sparkline: one bucket per tick, oldest dropped.
public struct HitHistory: Equatable, Sendable {
    public static let seconds = 60
    /// Oldest first.
    public private(set) var perSecond: [Int] = []
    /// The hit count at the last tick.
    var lastHits: Int

    public init(hits: Int) {
        self.lastHits = hits
    }

    mutating func tick(hits: Int) {
        self.perSecond.append(max(0, hits - self.lastHits))
        self.lastHits = hits
        if self.perSecond.count > Self.seconds { self.perSecond.removeFirst(self.perSecond.count - Self.seconds) }
    }

    /// The minute squeezed into `width` bars, newest on the right.
    public func sparkline(width: Int, unicode: Bool) -> String {
        guard width > 0 else { return "" }
        let glyphs: [Character] =
            unicode ? [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [" ", ".", ":", "-", "=", "+", "*", "#", "@"]
        let padded = Array(repeating: 0, count: max(0, Self.seconds - self.perSecond.count)) + self.perSecond
        var buckets: [Int] = []
        for bucket in 0..<width {
            let start = bucket * Self.seconds / width
            let end = (bucket + 1) * Self.seconds / width
            buckets.append(padded[start..<max(start + 1, end)].reduce(0, +))
        }
        let peak = buckets.max() ?? 0
        guard peak > 0 else { return String(repeating: " ", count: width) }
        return String(
            buckets.map { count in
                count == 0 ? glyphs[0] : glyphs[max(1, Int((Double(count) / Double(peak) * 8).rounded(.up)))]
            })
    }
}
