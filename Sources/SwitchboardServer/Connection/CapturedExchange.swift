import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Headers and bodies of one exchange, kept in NIO's own types: recording
/// costs one small object, and text is made only when someone reads it.
final class CapturedExchange: ExchangeDetails {
    let head: HTTPRequestHead
    let requestBodyBuffer: ByteBuffer?
    let requestBodySize: Int
    let responseHeaderFields: HTTPHeaders
    let responseBodyBuffer: ByteBuffer
    /// The response body is a slice of the manifest's own buffer: it costs
    /// the journal nothing to keep.
    let sharesResponseBody: Bool
    /// `RateLimit-*` headers the answer's wire bytes carried and
    /// `responseHeaderFields` does not: added when someone reads them.
    let rateLimitHeaders: RateVerdict?

    init(
        head: HTTPRequestHead, requestBody: ByteBuffer?, requestBodySize: Int, responseHeaders: HTTPHeaders,
        responseBody: ByteBuffer, sharesResponseBody: Bool, rateLimitHeaders: RateVerdict? = nil
    ) {
        self.head = head
        self.rateLimitHeaders = rateLimitHeaders
        // A body kept whole for an upstream is kept here only up to the
        // limit, and as a copy.
        if let requestBody, requestBody.readableBytes > capturedBodyLimit {
            self.requestBodyBuffer = ByteBuffer(bytes: requestBody.readableBytesView.prefix(capturedBodyLimit))
        } else {
            self.requestBodyBuffer = requestBody
        }
        self.requestBodySize = requestBodySize
        self.responseHeaderFields = responseHeaders
        // Keep at most the capture limit of a long body, as a copy: a slice
        // would keep the whole body alive.
        self.responseBodyBuffer =
            responseBody.readableBytes > capturedBodyLimit
            ? ByteBuffer(bytes: responseBody.readableBytesView.prefix(capturedBodyLimit)) : responseBody
        self.sharesResponseBody = sharesResponseBody && responseBody.readableBytes <= capturedBodyLimit
        self.responseBodySize = responseBody.readableBytes
    }

    let responseBodySize: Int

    var httpVersion: String { "HTTP/\(self.head.version.major).\(self.head.version.minor)" }

    var requestHeaders: [HeaderField] {
        self.head.headers.map { HeaderField(name: $0.name, value: $0.value) }
    }

    var requestBody: [UInt8] {
        self.requestBodyBuffer.map { Array($0.readableBytesView) } ?? []
    }

    var responseHeaders: [HeaderField] {
        var fields = self.responseHeaderFields
        if let verdict = self.rateLimitHeaders { RateLimitAnswer.addHeaders(verdict, to: &fields) }
        return fields.map { HeaderField(name: $0.name, value: $0.value) }
    }

    var responseBody: [UInt8] { Array(self.responseBodyBuffer.readableBytesView) }

    /// Measured, not just counted: object headers, string storage and
    /// allocator rounding make a small request cost about a kilobyte.
    var retainedBytes: Int {
        var bytes = 512 + 2 * self.head.uri.utf8.count
        for header in self.head.headers { bytes += 2 * (header.name.utf8.count + header.value.utf8.count) + 96 }
        bytes += self.requestBodyBuffer?.readableBytes ?? 0
        if !self.sharesResponseBody { bytes += self.responseBodyBuffer.readableBytes }
        return bytes
    }
}
