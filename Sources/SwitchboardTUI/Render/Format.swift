import SwitchboardCore
import SwitchboardModel

/// Numbers and times as the screen prints them.
enum Format {
    /// `1,204`
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// A hit count in at most `width` (≥ 5) columns: `999,999`, or when
    /// that is too wide `999k`, and from a million `1.02M`, `12.3M`.
    static func hits(_ value: Int, width: Int) -> String {
        let full = self.count(value)
        if value < 1_000_000 {
            return full.count <= width ? full : "\(value / 1000)k"
        }
        let millions = Double(value) / 1e6
        let hundredths = Int((millions * 100).rounded(.down))
        if millions < 10 { return "\(hundredths / 100).\(hundredths / 10 % 10)\(hundredths % 10)M" }
        if millions < 1000 { return "\(hundredths / 100).\(hundredths / 10 % 10)M" }
        return "\(Int(millions))M"
    }

    /// `0.4 ms`, `12 ms`, `2004 ms`, `30.0 s`: never more than 7 characters.
    static func milliseconds(_ value: Double) -> String {
        if value >= 10_000 {
            let seconds = value / 1000
            return seconds < 100 ? String(fixed: seconds, decimals: 1) + " s" : "\(Int(seconds.rounded())) s"
        }
        if value < 10 {
            let tenths = (value * 10).rounded() / 10
            return tenths == tenths.rounded() && tenths >= 1
                ? "\(Int(tenths)) ms" : String(fixed: tenths, decimals: 1) + " ms"
        }
        return "\(Int(value.rounded())) ms"
    }

    /// An injected delay, short: `2s`, `734ms`, `1.5s`.
    static func shortDelay(_ milliseconds: Double) -> String {
        DurationText.format(.milliseconds(Int64(milliseconds.rounded())))
    }

    /// `12:01:02.123` for a Unix time shifted by `utcOffset` seconds.
    static func clock(_ time: Double, utcOffset: Int) -> String {
        let shifted = time + Double(utcOffset)
        let millisTotal = Int64((shifted * 1000).rounded(.down))
        let millis = Int(((millisTotal % 1000) + 1000) % 1000)
        let secondsOfDay = Int(((millisTotal / 1000) % 86_400 + 86_400) % 86_400)
        return two(secondsOfDay / 3600) + ":" + two(secondsOfDay / 60 % 60) + ":" + two(secondsOfDay % 60) + "."
            + three(millis)
    }

    /// `38 req/s`, `0.4 req/s`.
    static func rate(_ value: Double) -> String {
        if value > 0 && value < 10 {
            return String(fixed: value, decimals: 1) + " req/s"
        }
        return "\(count(Int(value.rounded()))) req/s"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func three(_ value: Int) -> String {
        value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
    }
}
