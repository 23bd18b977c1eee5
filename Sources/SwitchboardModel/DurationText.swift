/// Reads durations the way people type them: `2s`, `500ms`, `1.5s`, `1m`
/// (the core writes them back, `DurationText.format`).
///
/// The one reader of a duration from outside — the manifest, the control
/// API, the `Prefer` header, the command line — so the range is checked in
/// one place: on the number as written, before it becomes a `Duration`,
/// since a conversion that overflows traps and takes the server down.
public enum DurationText {
    /// The longest duration read anywhere unless a setting asks for less:
    /// a day, far beyond any delay worth injecting.
    public static let longest = Duration.seconds(86_400)

    /// What a setting accepts, for messages.
    public static let examples = "'250ms', '2s', '1.5s', '1m'"

    /// A duration of at most `longest`, or why the text is not one.
    public static func read(_ text: String, upTo longest: Duration = Self.longest) -> Result<Duration, DurationProblem>
    {
        let trimmed = Substring(text.lowercased()).trimmingSpaces
        let units: [(suffix: String, nanos: Double)] = [
            ("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("ns", 1), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
        ]
        guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }),
            let value = DecimalText.parse(trimmed.dropLast(unit.suffix.count).trimmingSpaces)
        else {
            return .failure(DurationProblem(text: text, longest: longest, isTooLong: false))
        }
        // Compared as Doubles: `99999999999999s` is beyond Int64's
        // nanoseconds, 400 nines infinite, and both are simply too long.
        let nanos = (value * unit.nanos).rounded()
        let (seconds, attoseconds) = longest.components
        let limit = min(Double(seconds) * 1e9 + Double(attoseconds) / 1e9, 9e18)
        guard nanos <= limit else {
            return .failure(DurationProblem(text: text, longest: longest, isTooLong: true))
        }
        return .success(.nanoseconds(Int64(nanos)))
    }

    /// A duration of at most `longest`, or `nil`.
    public static func parse(_ text: String, upTo longest: Duration = Self.longest) -> Duration? {
        try? self.read(text, upTo: longest).get()
    }
}

/// Why a text is not a duration a setting takes.
public struct DurationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// As written.
    public var text: String
    /// The most the setting takes.
    public var longest: Duration
    /// A duration, but longer than `longest`; otherwise not a duration.
    public var isTooLong: Bool

    /// `is more than 600s` or `is not a duration`.
    public var reason: String {
        self.isTooLong ? "is more than \(self.longestText)" : "is not a duration"
    }

    /// What to write instead.
    public var fix: String {
        self.isTooLong ? "write at most \(self.longestText)" : "write a number with a unit: \(DurationText.examples)"
    }

    /// `'99999999999999s' is more than 600s`.
    public var description: String {
        "'\(self.text)' \(self.reason)"
    }

    /// The limits are whole seconds.
    private var longestText: String {
        "\(self.longest.components.seconds)s"
    }
}
