import Foundation

/// Reads and writes durations the way people type them: `2s`, `500ms`,
/// `1.5s`, `1m`.
public enum DurationText {
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, nanos: Double)] = [
            ("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("ns", 1), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
        ]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value >= 0, value.isFinite else { return nil }
            let nanos = value * unit.nanos
            guard nanos < 86_400e9 else { return nil }
            return .nanoseconds(Int64(nanos.rounded()))
        }
        return nil
    }

    /// `2s`, `1.5s`, `500ms`, `0ms`.
    public static func format(_ duration: Duration) -> String {
        let nanos = duration.nanoseconds
        if nanos >= 1_000_000_000 {
            let seconds = Double(nanos) / 1e9
            if nanos % 1_000_000_000 == 0 { return "\(nanos / 1_000_000_000)s" }
            return trimZeros(String(fixed: seconds, decimals: nanos % 100_000_000 == 0 ? 1 : 2)) + "s"
        }
        let millis = Double(nanos) / 1e6
        if nanos % 1_000_000 == 0 || millis >= 10 { return "\(Int(millis.rounded()))ms" }
        return trimZeros(String(fixed: millis, decimals: 1)) + "ms"
    }

    private static func trimZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var out = text
        while out.hasSuffix("0") { out.removeLast() }
        if out.hasSuffix(".") { out.removeLast() }
        return out
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating far beyond any delay
    /// this tool would inject).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = self.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in milliseconds, as a Double.
    public var milliseconds: Double {
        Double(self.nanoseconds) / 1e6
    }
}

extension String {
    /// A fixed-point number without Foundation's formatter.
    public init(fixed value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        self = text
    }
}
