import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

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
        let body = ErrorBody.buffer(
            .rateLimited, "\(signature) allows \(limit); retry after \(retryAfter) s",
            [.text("limit", limit.description), .number("retry_after", retryAfter)])
        var response = PreparedResponse(
            status: .tooManyRequests, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
        response.headers.add(name: "Retry-After", value: String(retryAfter))
        Self.addHeaders(verdict, to: &response.headers)
        response.notes.endpointID = endpointID
        response.notes.rateLimited = RateLimited(limit: limit, early: verdict.early)
        return response
    }

    /// Adds the `RateLimit-*` headers to an answer within the limit. A
    /// prebuilt answer stays one buffer, written at once: its head is
    /// copied with the three lines spliced in before the blank line, which
    /// costs far less than encoding the head anew (and three writes). Its
    /// `headers` get the three only if another path than those wire bytes
    /// writes it (`withRateLimitHeaders()`), or when someone reads the
    /// journal: adding them to `HTTPHeaders` costs more than the splice.
    static func stamp(_ verdict: RateVerdict, on response: inout PreparedResponse) {
        response.rateVerdict = verdict
        response.head = nil
        guard let wire = response.wire else {
            Self.addHeaders(verdict, to: &response.headers)
            return
        }
        let bodyLength = response.body.readableBytes
        // The head ends with its last line's CRLF and the blank line's: the
        // lines go in before those four bytes.
        let cut = wire.readableBytes - bodyLength - 4
        guard cut > 0 else {
            response.wire = nil
            Self.addHeaders(verdict, to: &response.headers)
            return
        }
        // One allocation and one write: every separate ByteBuffer write
        // pays for its own capacity and exclusivity checks.
        var spliced = ByteBufferAllocator().buffer(capacity: wire.readableBytes + Self.linesCapacity)
        _ = wire.withUnsafeReadableBytes { source in
            spliced.writeWithUnsafeMutableBytes(minimumWritableBytes: source.count + Self.linesCapacity) { target in
                var at = Self.copy(UnsafeRawBufferPointer(rebasing: source[..<cut]), to: target, at: 0)
                at = Self.copy(Self.limitName, to: target, at: at)
                at = Self.decimal(verdict.limit, to: target, at: at)
                at = Self.copy(Self.remainingName, to: target, at: at)
                at = Self.decimal(verdict.remaining, to: target, at: at)
                at = Self.copy(Self.resetName, to: target, at: at)
                at = Self.decimal(verdict.reset, to: target, at: at)
                return Self.copy(UnsafeRawBufferPointer(rebasing: source[cut...]), to: target, at: at)
            }
        }
        response.wire = spliced
        response.headersLackRateLimit = true
    }

    /// The `RateLimit-*` headers on an answer made after `stamp`: an
    /// upstream's relayed head, or the 502 standing in for it. They replace
    /// any the upstream sent: the client is limited here, not there.
    static func restamp(_ verdict: RateVerdict?, on headers: inout HTTPHeaders) {
        guard let verdict else { return }
        Self.addHeaders(verdict, to: &headers)
    }

    /// The three headers, in place of any of the same names.
    static func addHeaders(_ verdict: RateVerdict, to headers: inout HTTPHeaders) {
        headers.replaceOrAdd(name: "RateLimit-Limit", value: String(verdict.limit))
        headers.replaceOrAdd(name: "RateLimit-Remaining", value: String(verdict.remaining))
        headers.replaceOrAdd(name: "RateLimit-Reset", value: String(verdict.reset))
    }
}

extension PreparedResponse {
    /// This answer with the `RateLimit-*` headers its wire bytes carry also
    /// in `headers`: for every way of writing it other than those bytes.
    func withRateLimitHeaders() -> PreparedResponse {
        guard self.headersLackRateLimit, let verdict = self.rateVerdict else { return self }
        var written = self
        RateLimitAnswer.addHeaders(verdict, to: &written.headers)
        written.wire = nil
        written.headersLackRateLimit = false
        return written
    }
}

extension RateLimitAnswer {
    private static let limitName: StaticString = "\r\nRateLimit-Limit: "
    private static let remainingName: StaticString = "\r\nRateLimit-Remaining: "
    private static let resetName: StaticString = "\r\nRateLimit-Reset: "
    /// The three lines at their longest: names and three 20-digit counts.
    private static let linesCapacity = 3 * 24 + 3 * 20

    private static func copy(_ text: StaticString, to target: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        text.withUTF8Buffer { Self.copy(UnsafeRawBufferPointer($0), to: target, at: offset) }
    }

    private static func copy(_ bytes: UnsafeRawBufferPointer, to target: UnsafeMutableRawBufferPointer, at offset: Int)
        -> Int
    {
        UnsafeMutableRawBufferPointer(rebasing: target[offset..<offset + bytes.count]).copyMemory(from: bytes)
        return offset + bytes.count
    }

    /// A count in decimal ASCII, without making a `String` (negative counts
    /// as 0).
    private static func decimal(_ value: Int, to target: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        let value = max(0, value)
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value
        for place in stride(from: offset + digits - 1, through: offset, by: -1) {
            target[place] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        return offset + digits
    }
}
