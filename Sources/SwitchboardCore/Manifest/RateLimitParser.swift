import SwitchboardModel
import Yams

extension ManifestReader {
    /// `rate_limit: 5/s` (or `60/min`, or `off`) and `rate_limit_key:
    /// Authorization` on an endpoint.
    mutating func readRateLimit(_ fields: [MappingEntry], into endpoint: inout EndpointDefinition) {
        if let node = fields.value(for: "rate_limit"), let choice = self.rateLimitChoice(node) {
            endpoint.startRateLimit = choice.limit
        }
        if let node = fields.value(for: "rate_limit_key"), let text = self.string(node, what: "rate_limit_key") {
            if RateLimitKeyChoice.isHeaderName(text) {
                endpoint.rateLimitKey = text
            } else {
                self.report(
                    at: node, "'\(text)' is not a header name", fix: "name a request header, e.g. Authorization")
            }
            if fields.value(for: "rate_limit") == nil {
                self.report(
                    at: node, "'rate_limit_key' needs a 'rate_limit' on the same endpoint",
                    fix: "add e.g. 'rate_limit: 5/s'")
            }
        }
    }

    /// `rate_limit_key: X-Client` (or `none`) in a scenario; `nil` (and a
    /// problem reported) for anything else.
    mutating func rateLimitKeyChoice(_ node: Node) -> RateLimitKeyChoice? {
        guard let text = self.string(node, what: "rate_limit_key") else { return nil }
        guard let choice = RateLimitKeyChoice(text: text) else {
            self.report(
                at: node, "'\(text)' is not a header name",
                fix: "name a request header, e.g. Authorization, or 'none' for one bucket")
            return nil
        }
        return choice
    }

    /// `5/s`, `60/min` or `off`, on an endpoint or in a scenario; `nil`
    /// (and a problem reported) for anything else.
    mutating func rateLimitChoice(_ node: Node) -> RateLimitChoice? {
        guard let text = self.string(node, what: "rate_limit") else { return nil }
        guard let choice = RateLimitChoice(text: text) else {
            self.report(
                at: node, "'\(text)' is not a rate limit", fix: RateLimitChoice.fix(forUnknown: text))
            return nil
        }
        return choice
    }
}
