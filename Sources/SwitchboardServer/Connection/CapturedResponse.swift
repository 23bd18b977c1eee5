import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The response side of a captured exchange: headers and body as they went
/// out. The same for every request one remembered answer served, so the
/// writer makes it once with the answer's journal outcome and each
/// exchange holds it by one reference (see `AnswerWriter.record`).
final class CapturedResponse: Sendable {
    let headers: HTTPHeaders
    let body: ByteBuffer
    /// The body is a slice of the manifest's own buffer: it costs the
    /// journal nothing to keep.
    let sharesBody: Bool
    /// `RateLimit-*` headers the answer's wire bytes carried and `headers`
    /// does not: added when someone reads them.
    let rateLimitHeaders: RateVerdict?
    let bodySize: Int
    /// What its body costs each exchange that keeps it, as the journal's
    /// budget counts it: nothing when the manifest's buffer is shared.
    let retainedBodyBytes: Int

    init(headers: HTTPHeaders, body: ByteBuffer, sharesBody: Bool, rateLimitHeaders: RateVerdict? = nil) {
        self.headers = headers
        self.rateLimitHeaders = rateLimitHeaders
        // Keep at most the capture limit of a long body, as a copy: a slice
        // would keep the whole body alive.
        self.body =
            body.readableBytes > capturedBodyLimit
            ? ByteBuffer(bytes: body.readableBytesView.prefix(capturedBodyLimit)) : body
        self.sharesBody = sharesBody && body.readableBytes <= capturedBodyLimit
        self.bodySize = body.readableBytes
        self.retainedBodyBytes = self.sharesBody ? 0 : self.body.readableBytes
    }

    /// What `response` sent to a request it answered (a status line went
    /// out), or nothing for one it did not.
    convenience init(_ response: PreparedResponse, answered: Bool) {
        guard answered else {
            self.init(headers: HTTPHeaders(), body: ByteBuffer(), sharesBody: response.head != nil)
            return
        }
        self.init(
            headers: response.headers, body: response.body, sharesBody: response.head != nil,
            rateLimitHeaders: response.headersLackRateLimit ? response.rateVerdict : nil)
    }
}
