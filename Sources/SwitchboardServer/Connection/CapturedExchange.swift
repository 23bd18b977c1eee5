import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Headers and bodies of one exchange, kept in NIO's own types: recording
/// costs one small object, and text is made only when someone reads it.
///
/// The request's headers and version are kept, not its head: the head's
/// own storage (method, target, version) would be one more object per
/// entry, held until the ring lets go of it thousands of requests later,
/// and the entry already has its method and target.
final class CapturedExchange: ExchangeDetails {
    let requestHeaderFields: HTTPHeaders
    let version: HTTPVersion
    let requestBodyBuffer: ByteBuffer?
    let requestBodySize: Int
    /// Shared by the exchanges of one remembered answer.
    let response: CapturedResponse
    /// What it holds, as the journal's memory budget counts it.
    let retainedBytes: Int

    /// `headerSize`: of `head`'s headers, when the caller has counted them
    /// already (the connection does, as the head arrives).
    convenience init(
        head: HTTPRequestHead, headerSize: HeaderSize? = nil, requestBody: ByteBuffer?, requestBodySize: Int,
        response: CapturedResponse
    ) {
        self.init(
            headers: head.headers, version: head.version, targetBytes: head.uri.utf8.count, headerSize: headerSize,
            requestBody: requestBody, requestBodySize: requestBodySize, response: response)
    }

    /// From a head's parts: the caller that has its target at hand
    /// (`targetBytes`, its UTF-8 length) reads none of them twice.
    init(
        headers: HTTPHeaders, version: HTTPVersion, targetBytes: Int, headerSize: HeaderSize?,
        requestBody: ByteBuffer?, requestBodySize: Int, response: CapturedResponse
    ) {
        // Measured, not just counted: object headers, string storage and
        // allocator rounding make a small request cost about a kilobyte.
        // Worked out once, from what the caller already holds: the journal
        // asks as it records the entry.
        let size = headerSize ?? HeaderSize(headers)
        var bytes = 512 + 2 * targetBytes + 2 * size.textBytes + 96 * size.count
        bytes += response.retainedBodyBytes
        self.requestHeaderFields = headers
        self.version = version
        // A body kept whole for an upstream is kept here only up to the
        // limit, and as a copy.
        if let requestBody {
            let kept = requestBody.readableBytes
            bytes += min(kept, capturedBodyLimit)
            self.requestBodyBuffer =
                kept > capturedBodyLimit
                ? ByteBuffer(bytes: requestBody.readableBytesView.prefix(capturedBodyLimit)) : requestBody
        } else {
            self.requestBodyBuffer = nil
        }
        self.requestBodySize = requestBodySize
        self.response = response
        self.retainedBytes = bytes
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

    var sharedResponse: AnyObject? { self.response }

    var httpVersion: String { "HTTP/\(self.version.major).\(self.version.minor)" }

    var requestHeaders: [HeaderField] {
        self.requestHeaderFields.map { HeaderField(name: $0.name, value: $0.value) }
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
}
