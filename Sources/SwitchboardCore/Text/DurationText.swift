public import SwitchboardModel

/// Writes durations the way people type them and `DurationText.parse`
/// reads them: `2s`, `1.5s`, `500ms`.
extension DurationText {
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
    /// The whole duration in nanoseconds, saturating at Int64's ends (far
    /// beyond any delay this tool would inject): no duration made in code
    /// can trap here.
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = self.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowToo) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || overflowToo { return seconds < 0 ? .min : .max }
        return total
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
