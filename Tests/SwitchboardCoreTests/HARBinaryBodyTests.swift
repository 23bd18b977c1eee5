import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// A body that is not UTF-8 survives a HAR export byte for byte: it goes
/// out as base64 with `encoding`, never as text with U+FFFD in it.
@Suite struct HARBinaryBodyTests {
    /// Latin-1 text, a lone continuation byte, an overlong NUL, a cut
    /// three-byte character: nothing a UTF-8 decoder would keep.
    static let requestBytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x80, 0xC0, 0x80, 0xE6, 0x9D]
    static let responseBytes: [UInt8] = [0x6E, 0x61, 0xEF, 0x76, 0x65, 0xFF, 0xFE, 0x00]

    @Test func bodiesThatAreNotUTF8RoundTripThroughHAR() throws {
        var entry = JournalEntry(
            sequence: 1, time: 1_763_812_862, method: "POST", target: "/upload", status: .answered(200),
            duration: .milliseconds(1), endpointID: "upload", mode: .success, latency: nil)
        let exchange = FakeExchange(
            requestHeaders: [("Content-Type", "text/plain; charset=latin1")], requestBodyBytes: Self.requestBytes,
            responseHeaders: [("Content-Type", "text/plain")], responseBody: Self.responseBytes)
        entry.details = exchange
        let text = HARWriter.document(entries: [entry], serverURL: "http://127.0.0.1:8080")
        #expect(!text.contains("\u{FFFD}"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let har = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let postData = try #require((har[0]["request"] as? [String: Any])?["postData"] as? [String: Any])
        #expect(postData["encoding"] as? String == "base64")
        #expect(try Self.bytes(postData) == Self.requestBytes)
        let content = try #require((har[0]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["encoding"] as? String == "base64")
        #expect(try Self.bytes(content) == Self.responseBytes)
    }

    private static func bytes(_ body: [String: Any]) throws -> [UInt8] {
        let base64 = try #require(body["text"] as? String)
        return Array(try #require(Data(base64Encoded: base64)))
    }
}
