/// ISO 8601 UTC timestamps with milliseconds, without Foundation's
/// formatter (which is slow and allocates).
public enum Timestamp {
    /// `2026-11-22T12:01:02.123Z`
    public static func iso8601(_ seconds: Double) -> String {
        var bytes: [UInt8] = []
        self.appendISO8601(seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same text, appended as bytes (no intermediate strings), in one
    /// append: `serve` writes one per request, and a byte at a time costs
    /// an array append each.
    public static func appendISO8601(_ seconds: Double, to out: inout [UInt8]) {
        let millisTotal = Int64((seconds * 1000).rounded(.down))
        let millis = Int(((millisTotal % 1000) + 1000) % 1000)
        let totalSeconds = (millisTotal - Int64(millis)) / 1000
        let days = Int(floorDivide(totalSeconds, 86_400))
        let secondsOfDay = Int(totalSeconds - Int64(days) * 86_400)
        let (year, month, day) = civil(fromDays: days)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            var at = 0
            func put(_ byte: UInt8) {
                text[at] = byte
                at += 1
            }
            func digits(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                var remaining = value
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(remaining / divisor % 10))
                    remaining %= divisor
                    divisor /= 10
                }
            }
            digits(year, 4)
            put(UInt8(ascii: "-"))
            digits(month, 2)
            put(UInt8(ascii: "-"))
            digits(day, 2)
            put(UInt8(ascii: "T"))
            digits(secondsOfDay / 3600, 2)
            put(UInt8(ascii: ":"))
            digits(secondsOfDay / 60 % 60, 2)
            put(UInt8(ascii: ":"))
            digits(secondsOfDay % 60, 2)
            put(UInt8(ascii: "."))
            digits(millis, 3)
            put(UInt8(ascii: "Z"))
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<at]))
        }
    }

    /// Howard Hinnant's days-to-civil algorithm.
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
