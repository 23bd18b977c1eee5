import SwitchboardModel

/// Bandwidths the way people write them: `16KB/s`, `1.5MB/s`, `500B/s`,
/// `56kbit/s`. A KB is 1024 bytes.
public enum RateText {
    /// Bytes per second, or `nil` for anything that is not a positive rate.
    public static func parse(_ text: String) -> Int? {
        var trimmed = Substring(text.lowercased()).filter { $0 != " " }[...]
        guard trimmed.hasSuffix("/s") else { return nil }
        trimmed = trimmed.dropLast(2)
        let units: [(suffix: String, bytes: Double)] = [
            ("kbit", 1024.0 / 8), ("mbit", 1024.0 * 1024 / 8), ("kbps", 1024.0 / 8), ("kb", 1024),
            ("mb", 1024 * 1024), ("b", 1),
        ]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            guard let value = DecimalText.parse(trimmed.dropLast(unit.suffix.count)), value > 0 else {
                return nil
            }
            // Checked as a Double: many digits read as a huge or infinite one.
            let bytes = (value * unit.bytes).rounded()
            return bytes >= 1 && bytes < 1e12 ? Int(bytes) : nil
        }
        return nil
    }

    /// `16KB/s`, `1.5MB/s`, `700B/s`.
    public static func format(_ bytesPerSecond: Int) -> String {
        if bytesPerSecond >= 1024 * 1024 {
            return trim(Double(bytesPerSecond) / (1024 * 1024)) + "MB/s"
        }
        if bytesPerSecond >= 1024 { return trim(Double(bytesPerSecond) / 1024) + "KB/s" }
        return "\(bytesPerSecond)B/s"
    }

    private static func trim(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(fixed: value, decimals: 1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
