/// `rate_limit_key` as set at runtime (control API, `set --rate-limit-key`,
/// a scenario): a bucket per value of a request header, or one bucket for
/// the whole endpoint.
public enum RateLimitKeyChoice: Sendable, Hashable {
    /// A bucket per value of this request header (`Authorization`).
    case header(String)
    /// One bucket for every client of the endpoint.
    case endpoint

    /// A header name, or `none`/`off` (any of `LatencyChoice.noneNames`)
    /// for one bucket; `nil` when the text is neither.
    public init?(text: String) {
        if LatencyChoice.noneNames.contains(text) {
            self = .endpoint
        } else if Self.isHeaderName(text) {
            self = .header(text)
        } else {
            return nil
        }
    }

    /// The header, or `nil` for one bucket.
    public var header: String? {
        guard case .header(let name) = self else { return nil }
        return name
    }

    /// `X-Client`, or `none`: as written back.
    public var description: String { self.header ?? "none" }

    /// Printable ASCII without spaces or a colon: what a request header
    /// line can carry as its name.
    public static func isHeaderName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
    }
}

extension RateLimitKeyChoice {
    /// `5/s per X-Client`, or `5/s` without a key: a keyed limit as every
    /// place that shows one (`set`, `status`, the row, the endpoint view,
    /// markers, the picker) spells it.
    public static func limitText(_ limit: String, key: String?) -> String {
        key.map { "\(limit) per \($0)" } ?? limit
    }
}
