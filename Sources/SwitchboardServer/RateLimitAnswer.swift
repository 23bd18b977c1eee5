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

    /// Adds the `RateLimit-*` headers to an answer within the limit. A
    /// prebuilt answer stays one buffer, written at once: its head is
    /// copied with the three lines spliced in before the blank line, which
    /// costs far less than encoding the head anew (and three writes).
    static func stamp(_ verdict: RateVerdict, on response: inout PreparedResponse) {
        Self.addHeaders(verdict, to: &response.headers)
        response.rateVerdict = verdict
        response.head = nil
        guard let wire = response.wire else { return }
        response.wire = nil
        let bodyLength = response.body.readableBytes
        // The head ends with the blank line: CRLF CRLF.
        let headLength = wire.readableBytes - bodyLength - 2
        guard headLength > 0, let head = wire.getSlice(at: wire.readerIndex, length: headLength) else { return }
        var spliced = ByteBufferAllocator().buffer(capacity: wire.readableBytes + 96)
        spliced.writeImmutableBuffer(head)
        spliced.writeString("RateLimit-Limit: ")
        spliced.writeString(String(verdict.limit))
        spliced.writeString("\r\nRateLimit-Remaining: ")
        spliced.writeString(String(verdict.remaining))
        spliced.writeString("\r\nRateLimit-Reset: ")
        spliced.writeString(String(verdict.reset))
        spliced.writeString("\r\n\r\n")
        if let body = wire.getSlice(at: wire.readerIndex + headLength + 2, length: bodyLength) {
            spliced.writeImmutableBuffer(body)
        }
        response.wire = spliced
    }

    /// The `RateLimit-*` headers on an answer made after `stamp`: an
    /// upstream's relayed head, or the 502 standing in for it. They replace
    /// any the upstream sent: the client is limited here, not there.
    static func restamp(_ verdict: RateVerdict?, on headers: inout HTTPHeaders) {
        guard let verdict else { return }
        headers.replaceOrAdd(name: "RateLimit-Limit", value: String(verdict.limit))
        headers.replaceOrAdd(name: "RateLimit-Remaining", value: String(verdict.remaining))
        headers.replaceOrAdd(name: "RateLimit-Reset", value: String(verdict.reset))
    }

    private static func addHeaders(_ verdict: RateVerdict, to headers: inout HTTPHeaders) {
        headers.add(name: "RateLimit-Limit", value: String(verdict.limit))
        headers.add(name: "RateLimit-Remaining", value: String(verdict.remaining))
        headers.add(name: "RateLimit-Reset", value: String(verdict.reset))
    }
}
