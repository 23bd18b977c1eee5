import NIOCore
import NIOHTTP1
import SwitchboardCore

/// What a rate limit adds to an answer: the `429` for a refused request,
/// and the `RateLimit-*` headers (IETF draft names, seconds) on every answer
/// of a limited endpoint. Those headers differ per request, so a limited
/// endpoint's answers are never the prebuilt wire bytes: the head is built
/// from `headers`, as for a `Prefer` override.
enum RateLimitAnswer {
    /// The `429 Too Many Requests` for a refused request.
    static func refused(_ verdict: RateVerdict, limit: RateLimit, endpointID: String, signature: String)
        -> PreparedResponse
    {
        let retryAfter = verdict.retryAfter ?? 1
        var json = #"{"error":"rate_limited","message":"#
        json += JSONText.quoted("\(signature) allows \(limit); retry after \(retryAfter) s")
        json += #","limit":"# + JSONText.quoted(limit.description)
        json += #","retry_after":\#(retryAfter)}"#
        let body = ByteBuffer(string: json)
        var response = PreparedResponse(
            status: .tooManyRequests, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
        response.headers.add(name: "Retry-After", value: String(retryAfter))
        Self.addHeaders(verdict, to: &response.headers)
        response.endpointID = endpointID
        response.rateLimited = RateLimited(limit: limit, early: verdict.early)
        return response
    }

    /// Adds the `RateLimit-*` headers to an answer within the limit.
    static func stamp(_ verdict: RateVerdict, on response: inout PreparedResponse) {
        Self.addHeaders(verdict, to: &response.headers)
        response.head = nil
        response.wire = nil
    }

    private static func addHeaders(_ verdict: RateVerdict, to headers: inout HTTPHeaders) {
        headers.add(name: "RateLimit-Limit", value: String(verdict.limit))
        headers.add(name: "RateLimit-Remaining", value: String(verdict.remaining))
        headers.add(name: "RateLimit-Reset", value: String(verdict.reset))
    }
}
