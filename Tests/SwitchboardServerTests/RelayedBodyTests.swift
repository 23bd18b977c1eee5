import NIOCore
import Testing

@testable import SwitchboardServer

/// The body of a live answer kept for recording: small parts merged into
/// few buffers as they come, large ones kept as they came (shared with the
/// writes, not copied), the bytes whole and in order.
@Suite struct RelayedBodyTests {
    @Test func smallPartsAreMergedAndLargeOnesKeptAsTheyCame() {
        var body = RelayedBody()
        let large = ByteBuffer(repeating: 1, count: RelayedBody.mergeBelow)
        for _ in 0..<10 { body.append(ByteBuffer(bytes: [2])) }
        body.append(large)
        body.append(ByteBuffer(bytes: [3]))
        #expect(body.parts.count == 3)
        #expect(body.parts[1] == large)
        let expected =
            [UInt8](repeating: 2, count: 10) + [UInt8](repeating: 1, count: RelayedBody.mergeBelow) + [3]
        #expect(Array(body.joined.readableBytesView) == expected)
    }

    @Test(.ownThreads) func aMergedBufferStopsAtItsLimitAndAnotherStarts() {
        var body = RelayedBody()
        for _ in 0...RelayedBody.mergedLimit { body.append(ByteBuffer(bytes: [0])) }
        #expect(body.parts.map(\.readableBytes) == [RelayedBody.mergedLimit, 1])
        body.drop()
        #expect(body.parts.isEmpty)
    }
}
