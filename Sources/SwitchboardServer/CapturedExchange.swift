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

    init(
        head: HTTPRequestHead, requestBody: ByteBuffer?, requestBodySize: Int, responseHeaders: HTTPHeaders,
        responseBody: ByteBuffer, sharesResponseBody: Bool
    ) {
        self.head = head
        self.requestBodyBuffer = requestBody
        self.requestBodySize = requestBodySize
        self.responseHeaderFields = responseHeaders
        // Keep at most the capture limit of a long body.
        self.responseBodyBuffer =
            responseBody.readableBytes > capturedBodyLimit
            ? responseBody.getSlice(at: responseBody.readerIndex, length: capturedBodyLimit)! : responseBody
        self.sharesResponseBody = sharesResponseBody
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
        self.responseHeaderFields.map { HeaderField(name: $0.name, value: $0.value) }
    }

    var responseBody: [UInt8] { Array(self.responseBodyBuffer.readableBytesView) }

    var retainedBytes: Int {
        var bytes = 96 + self.head.uri.utf8.count
        for header in self.head.headers { bytes += header.name.utf8.count + header.value.utf8.count + 16 }
        bytes += self.requestBodyBuffer?.readableBytes ?? 0
        if !self.sharesResponseBody { bytes += self.responseBodyBuffer.readableBytes }
        return bytes
    }
}
