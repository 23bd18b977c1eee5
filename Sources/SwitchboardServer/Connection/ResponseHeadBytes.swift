import NIOCore
import NIOHTTP1

/// A response head as the bytes NIO's `HTTPResponseEncoder` writes for it:
/// the one place Switchboard writes a status line and headers itself, for
/// answers that go out under the encoder as finished bytes (a prebuilt
/// fixture answer, a bodiless relayed head, a refusal with no request to
/// pair it with). `ResponseHeadBytesTests` holds it to NIO's encoder.
enum ResponseHeadBytes {
    /// Writes `HTTP/x.y CODE REASON`, each header and the blank line.
    static func write(
        version: HTTPVersion = .http1_1, status: HTTPResponseStatus, headers: HTTPHeaders,
        to buffer: inout ByteBuffer
    ) {
        buffer.writeString("HTTP/\(version.major).\(version.minor) \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in headers {
            buffer.writeString(name)
            buffer.writeString(": ")
            buffer.writeString(value)
            buffer.writeString("\r\n")
        }
        buffer.writeString("\r\n")
    }

    /// The head alone.
    static func bytes(_ head: HTTPResponseHead) -> ByteBuffer {
        var buffer = ByteBuffer()
        Self.write(version: head.version, status: head.status, headers: head.headers, to: &buffer)
        return buffer
    }
}
