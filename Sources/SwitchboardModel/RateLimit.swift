/// How many requests an endpoint takes per second or minute before it
/// answers `429`: a token bucket that holds `count` tokens (the burst) and
/// refills at `count` per period. Written `5/s` or `60/min`.
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    public enum Period: Sendable, Hashable {
        case second
        case minute

        /// The period in whole seconds.
        public var seconds: Int {
            switch self {
            case .second: 1
            case .minute: 60
            }
        }
    }

    /// Requests allowed per period, and the burst; at least 1.
    public var count: Int
    public var period: Period

    /// The largest count accepted: beyond it a limit means nothing.
    public static let maxCount = 1_000_000

    public init(count: Int, per period: Period) {
        self.count = min(max(1, count), Self.maxCount)
        self.period = period
    }

    public static func perSecond(_ count: Int) -> RateLimit {
        RateLimit(count: count, per: .second)
    }

    public static func perMinute(_ count: Int) -> RateLimit {
        RateLimit(count: count, per: .minute)
    }

    /// `5/s`, `5/sec`, `60/min`, `60/m`; `nil` for anything else,
    /// a count of 0 or one above `maxCount`.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0].trimmingSpaces), (1...Self.maxCount).contains(count) else {
            return nil
        }
        switch parts[1].trimmingSpaces.lowercased() {
        case "s", "sec", "second": self.init(count: count, per: .second)
        case "m", "min", "minute": self.init(count: count, per: .minute)
        default: return nil
        }
    }

    /// `5/s`, `60/min`: the spelling `init(text:)` reads.
    public var description: String {
        switch self.period {
        case .second: "\(self.count)/s"
        case .minute: "\(self.count)/min"
        }
    }

    /// What `init(text:)` takes, for messages.
    public static let spelling = "N/s or N/min, e.g. 5/s or 60/min"
}

/// What a change asks of an endpoint's rate limit: a limit, or none.
/// "Leave it as it is" is the absence of a choice (`nil`).
public enum RateLimitChoice: Sendable, Hashable {
    case noLimit
    case limit(RateLimit)

    public static func perSecond(_ count: Int) -> RateLimitChoice {
        .limit(.perSecond(count))
    }

    public static func perMinute(_ count: Int) -> RateLimitChoice {
        .limit(.perMinute(count))
    }

    /// `off` or `none` (any of `LatencyChoice.noneNames`) is no limit;
    /// `nil` when the text is neither that nor a limit.
    public init?(text: String) {
        if LatencyChoice.noneNames.contains(text) {
            self = .noLimit
        } else if let limit = RateLimit(text: text) {
            self = .limit(limit)
        } else {
            return nil
        }
    }

    /// `nil` for no limit.
    public var limit: RateLimit? {
        guard case .limit(let limit) = self else { return nil }
        return limit
    }
}

extension Substring {
    /// Without the spaces around it.
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
