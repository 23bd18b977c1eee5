import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Headers and bodies of one exchange, kept in NIO's own types: recording
/// costs one small object, and text is made only when someone reads it.
final class CapturedExchange: ExchangeDetails {
    let head: HTTPRequestHead
    let requestBodyBuffer: ByteBuffer?
    let requestBodySize: Int
    /// Shared by the exchanges of one remembered answer.
    let response: CapturedResponse

    init(head: HTTPRequestHead, requestBody: ByteBuffer?, requestBodySize: Int, response: CapturedResponse) {
        self.head = head
        // A body kept whole for an upstream is kept here only up to the
        // limit, and as a copy.
        if let requestBody, requestBody.readableBytes > capturedBodyLimit {
            self.requestBodyBuffer = ByteBuffer(bytes: requestBody.readableBytesView.prefix(capturedBodyLimit))
        } else {
            self.requestBodyBuffer = requestBody
        }
        self.requestBodySize = requestBodySize
        self.response = response
    }

    convenience init(
        head: HTTPRequestHead, requestBody: ByteBuffer?, requestBodySize: Int, responseHeaders: HTTPHeaders,
        responseBody: ByteBuffer, sharesResponseBody: Bool
    ) {
        self.init(
            head: head, requestBody: requestBody, requestBodySize: requestBodySize,
            response: CapturedResponse(headers: responseHeaders, body: responseBody, sharesBody: sharesResponseBody))
    }

    var responseBodySize: Int { self.response.bodySize }

    var httpVersion: String { "HTTP/\(self.head.version.major).\(self.head.version.minor)" }

    var requestHeaders: [HeaderField] {
        self.head.headers.map { HeaderField(name: $0.name, value: $0.value) }
    }

    var requestBody: [UInt8] {
        self.requestBodyBuffer.map { Array($0.readableBytesView) } ?? []
    }

    var responseHeaders: [HeaderField] {
        var fields = self.response.headers
        if let verdict = self.response.rateLimitHeaders { RateLimitAnswer.addHeaders(verdict, to: &fields) }
        return fields.map { HeaderField(name: $0.name, value: $0.value) }
    }

    var responseBody: [UInt8] { Array(self.response.body.readableBytesView) }

    /// Measured, not just counted: object headers, string storage and
    /// allocator rounding make a small request cost about a kilobyte.
    var retainedBytes: Int {
        var bytes = 512 + 2 * self.head.uri.utf8.count
        for header in self.head.headers { bytes += 2 * (header.name.utf8.count + header.value.utf8.count) + 96 }
        bytes += self.requestBodyBuffer?.readableBytes ?? 0
        if !self.response.sharesBody { bytes += self.response.body.readableBytes }
        return bytes
    }
}
