import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import SwitchboardServer

/// The status line and headers Switchboard writes itself (prebuilt
/// answers, bodiless relayed heads, refusals) are byte for byte what NIO's
/// encoder writes for the same head.
@Suite struct ResponseHeadBytesTests {
    /// What NIO's encoder writes for `head` alone.
    func encoded(_ head: HTTPResponseHead) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: HTTPResponseEncoder())
        defer { _ = try? channel.finish() }
        try channel.writeOutbound(HTTPServerResponsePart.head(head))
        var bytes: [UInt8] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        return bytes
    }

    static let heads: [HTTPResponseHead] = [
        HTTPResponseHead(
            version: .http1_1, status: .ok,
            headers: ["Content-Type": "application/json", "Content-Length": "12", "X-Empty": "", "X-Two": "a, b"]),
        HTTPResponseHead(version: .http1_0, status: .notFound, headers: ["Content-Length": "0"]),
        HTTPResponseHead(version: .http1_1, status: .noContent, headers: ["Set-Cookie": "a=1", "set-cookie": "b=2"]),
        HTTPResponseHead(
            version: .http1_1, status: .custom(code: 599, reasonPhrase: "Network Connect Timeout"),
            headers: ["Content-Length": "3"]),
        HTTPResponseHead(
            version: .http1_1, status: .tooManyRequests, headers: ["Retry-After": "30", "Content-Length": "2"]),
    ]

    @Test(arguments: Self.heads)
    func aHeadIsWhatNIOsEncoderWrites(_ head: HTTPResponseHead) throws {
        let ours = ResponseHeadBytes.bytes(head)
        #expect(Array(ours.readableBytesView) == (try self.encoded(head)))
    }

    /// A refusal's whole answer: the encoder's head, then its body.
    @Test func aRefusalIsTheEncodersHeadAndItsBody() throws {
        let refusal = Refusal.stoppedHeld
        let body = refusal.body
        let head = HTTPResponseHead(
            version: .http1_1, status: refusal.status, headers: refusal.headers(length: body.readableBytes))
        #expect(Array(refusal.bytes.readableBytesView) == (try self.encoded(head)) + Array(body.readableBytesView))
    }
}
