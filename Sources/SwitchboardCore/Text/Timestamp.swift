/// ISO 8601 UTC timestamps with milliseconds, without Foundation's
/// formatter (which is slow and allocates).
public enum Timestamp {
    /// `2026-11-22T12:01:02.123Z`
    public static func iso8601(_ seconds: Double) -> String {
        var writer = JSONByteWriter(capacity: 64)
        writer.appendISO8601(seconds)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The same text, appended as bytes (no intermediate strings).
    public static func appendISO8601(_ seconds: Double, to out: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: 64)
        writer.appendISO8601(seconds)
        writer.append(to: &out)
    }

    /// A time's calendar fields in UTC, to the millisecond.
    struct Parts {
        let year: Int
        let month: Int
        let day: Int
        let hour: Int
        let minute: Int
        let second: Int
        let millisecond: Int

        init(milliseconds millisTotal: Int64) {
            let millis = Int(((millisTotal % 1000) + 1000) % 1000)
            let totalSeconds = (millisTotal - Int64(millis)) / 1000
            let days = Int(Timestamp.floorDivide(totalSeconds, 86_400))
            let secondsOfDay = Int(totalSeconds - Int64(days) * 86_400)
            (self.year, self.month, self.day) = Timestamp.civil(fromDays: days)
            self.hour = secondsOfDay / 3600
            self.minute = secondsOfDay / 60 % 60
            self.second = secondsOfDay % 60
            self.millisecond = millis
        }
    }

    /// Whole milliseconds since 1970, rounded down.
    static func milliseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1000).rounded(.down))
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

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
