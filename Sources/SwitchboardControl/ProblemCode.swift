/// What went wrong, as the `error` field of every error body Switchboard
/// writes itself, control API and fake API alike:
/// `{"error": "<code>", "message": "<sentence>", …}`. Codes are stable:
/// scripts branch on them; the sentence is for people and may change.
/// docs/control-api-and-cli.md lists them in one table (a test holds the
/// two together).
public enum ProblemCode: String, CaseIterable, Sendable, Codable {
    // The fake API.
    case noMatchingEndpoint = "no_matching_endpoint"
    case notFound = "not_found"
    case rateLimited = "rate_limited"
    case badPrefer = "bad_prefer"
    case fixtureUnreadable = "fixture_unreadable"
    case upstreamFailed = "upstream_failed"
    case upstreamTimedOut = "upstream_timed_out"
    case malformedRequest = "malformed_request"
    case headersTooLarge = "headers_too_large"
    case bodyTooLarge = "body_too_large"
    case requestTimeout = "request_timeout"
    case connectNotProxied = "connect_not_proxied"
    case asteriskNotOptions = "asterisk_not_options"
    case noSuchItem = "no_such_item"
    case itemConflict = "item_conflict"
    case notAnItem = "not_an_item"
    case resourceFull = "resource_full"
    case invalidRequest = "invalid_request"
    case unsupportedMediaType = "unsupported_media_type"
    case missingCredentials = "missing_credentials"
    // The control API.
    case noSuchRoute = "no_such_route"
    case methodNotAllowed = "method_not_allowed"
    case unknownEndpoint = "unknown_endpoint"
    case unknownScenario = "unknown_scenario"
    case unknownResource = "unknown_resource"
    case unknownProfile = "unknown_profile"
    case unknownMode = "unknown_mode"
    case noSequence = "no_sequence"
    case drillFromCode = "drill_from_code"
    case badRateLimit = "bad_rate_limit"
    case badRateLimitKey = "bad_rate_limit_key"
    case badToxics = "bad_toxics"
    case unknownField = "unknown_field"
    case badBody = "bad_body"
    case badQuery = "bad_query"
    case unknownRequest = "unknown_request"
    case nothingLive = "nothing_live"
    case notRecorded = "not_recorded"
    case controlBodyTooLarge = "control_body_too_large"
    case tokenRequired = "token_required"
    case notLoopback = "not_loopback"
    case foreignHost = "foreign_host"
    case fromWebPage = "from_web_page"
}
