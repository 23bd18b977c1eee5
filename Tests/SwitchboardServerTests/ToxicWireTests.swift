import Foundation
import NIOCore
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The connection toxics on the wire, on the embedded event loop's clock:
/// slicer pieces and gaps from the seed, the cut at `limit_data`, the late
/// close, and both under a bandwidth profile.
@Suite struct ToxicWireTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { file: body.bin } }
        latency_profiles:
          slow: { bandwidth: 1KB/s }
        """
    static let body = (0..<2048).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
    static let request = "GET /a HTTP/1.1\r\nHost: test\r\n\r\n"

    func harness(_ toxics: Toxics, latency: String? = nil, seed: UInt64 = 42) throws -> WireHarness {
        let wire = try WireHarness(
            manifest: Self.manifest, files: ["body.bin": Self.body], random: SeededRandom(seed: seed))
        try wire.panel.set(endpoint: "a", SettingChange(toxics: toxics))
        try wire.panel.setLatency(latency, endpoint: "a")
        return wire
    }

    /// Each buffer the server wrote, one per write.
    func writes(_ wire: WireHarness) throws -> [[UInt8]] {
        var writes: [[UInt8]] = []
        while var buffer = try wire.channel.readOutbound(as: ByteBuffer.self) {
            writes.append(buffer.readBytes(length: buffer.readableBytes) ?? [])
        }
        return writes.filter { !$0.isEmpty }
    }

    /// Runs the slicer to the end, a millisecond at a time: the sizes of
    /// the body's pieces, and when each left.
    func slices(seed: UInt64) throws -> (sizes: [Int], times: [Int], body: [UInt8]) {
        let wire = try self.harness(.slicer, seed: seed)
        try wire.send(Self.request)
        var sizes: [Int] = []
        var times: [Int] = []
        var body: [UInt8] = []
        var head = true
        for millisecond in 0..<2000 {
            for write in try self.writes(wire) {
                if head {
                    head = false
                    continue
                }
                sizes.append(write.count)
                times.append(millisecond)
                body += write
            }
            if body.count >= Self.body.count { break }
            wire.advance(by: .milliseconds(1))
        }
        return (sizes, times, body)
    }

    @Test func theSlicerSendsTheWholeBodyInSmallSeededPiecesWithSmallGaps() throws {
        let run = try self.slices(seed: 42)
        #expect(run.body == Self.body)
        Self.expectSlicerPieces(sizes: run.sizes, times: run.times)
        // The same seed gives the same pieces at the same times; another does not.
        let again = try self.slices(seed: 42)
        #expect(again.sizes == run.sizes && again.times == run.times)
        #expect(try self.slices(seed: 7).sizes != run.sizes)
    }

    /// The pieces of a 2048-byte body are 1–64 bytes, 0–10 ms apart, and
    /// not all at once.
    static func expectSlicerPieces(
        sizes: [Int], times: [Int], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(sizes.count > 2048 / 64, sourceLocation: sourceLocation)
        #expect(sizes.allSatisfy { Pacer.Slicer.pieceSizes.contains($0) }, sourceLocation: sourceLocation)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { (0...Pacer.Slicer.maxGapMilliseconds).contains($0) }, sourceLocation: sourceLocation)
        #expect(gaps.contains { $0 > 0 }, sourceLocation: sourceLocation)
    }

    @Test func limitDataSendsTheHeadThenNBytesThenCloses() throws {
        let wire = try self.harness(.limitData(100))
        try wire.send(Self.request)
        let bytes = try wire.writtenBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        // The promise of the whole body is kept; the body is not.
        #expect(text.contains("Content-Length: 2048"))
        let headEnd = text.utf8.count - (text.range(of: "\r\n\r\n").map { text[$0.upperBound...].utf8.count } ?? 0)
        #expect(Array(bytes[headEnd...]) == Array(Self.body.prefix(100)))
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.status) == [.answered(200)])
        // The journal says the 200 was cut, so no log reads it as a success.
        #expect(wire.entries.map(\.cutShort) == [true])
        #expect(wire.entries.first?.jsonLine.contains(#""cut_short":true"#) == true)
    }

    @Test func limitDataAboveTheBodyLeavesTheAnswerWholeAndTheConnectionOpen() throws {
        let wire = try self.harness(.limitData(4096))
        let response = try wire.response(to: Self.request)
        #expect(Array(response.body) == Self.body)
        #expect(wire.isActive)
        #expect(wire.entries.map(\.cutShort) == [false])
        #expect(wire.entries.first?.jsonLine.contains("cut_short") == false)
    }

    @Test func limitDataTricklesAtTheProfilesBandwidthUpToTheCut() throws {
        let wire = try self.harness(.limitData(512), latency: "slow")
        try wire.send(Self.request)
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        // 1 KB/s: 512 bytes take half a second.
        wire.advance(by: .milliseconds(250))
        let first = try wire.writtenBytes().count
        #expect((200...300).contains(first), "\(first) bytes")
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(250))
        #expect(first + (try wire.writtenBytes()).count == 512)
        #expect(!wire.isActive)
    }

    @Test func slowCloseSaysCloseAndClosesOnlyAfterTheDelay() throws {
        let wire = try self.harness(.slowClose(.seconds(2)))
        let response = try wire.response(to: Self.request)
        #expect(Array(response.body) == Self.body)
        #expect(response.header("Connection") == "close")
        #expect(wire.entries.map(\.status) == [.answered(200)])
        wire.advance(by: .milliseconds(1999))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(!wire.isActive)
    }

    /// `slow_close` is the answer's end, however its body went out: at a
    /// bandwidth too, the close comes its delay after the trickled end (as
    /// on a relayed answer), not with it.
    @Test func slowCloseUnderABandwidthClosesTheDelayAfterTheTrickledEnd() throws {
        let wire = try self.harness(.slowClose(.seconds(1)), latency: "slow")
        try wire.send(Self.request)
        let head = try wire.written()
        #expect(head.hasPrefix("HTTP/1.1 200 OK") && head.contains("Connection: close"))
        // 1 KB/s: 2048 bytes take two seconds.
        wire.advance(by: .seconds(2))
        #expect(try wire.writtenBytes().count >= 2048)
        #expect(wire.entries.map(\.status) == [.answered(200)])
        wire.advance(by: .milliseconds(999))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(!wire.isActive)
    }

    @Test func aPreferHeaderAsksForAToxicForOneRequest() throws {
        let wire = try self.harness(.none)
        try wire.send("GET /a HTTP/1.1\r\nHost: test\r\nPrefer: toxics=limit_data:10\r\n\r\n")
        let text = try wire.written()
        #expect(text.contains("Content-Length: 2048"))
        #expect(!wire.isActive)
    }
}

extension ToxicWireTests {
    /// A fault ignores toxics (docs/faults.md), so its journal line names none.
    @Test func aFaultsJournalLineNamesNoToxicsItIgnored() throws {
        let wire = try self.harness(.limitData(100))
        try wire.send("GET /a HTTP/1.1\r\nHost: test\r\nPrefer: mode=truncated\r\n\r\n")
        #expect(try wire.writtenBytes().count > 100 + 40, "truncated sends half the body, not 100 bytes")
        #expect(wire.entries.map(\.toxics) == [.none])
        #expect(wire.entries.first?.jsonLine.contains("toxics") == false)
    }

    @Test func theJournalLineNamesTheToxics() throws {
        let wire = try self.harness(.slicer.with(.limitData(10)))
        try wire.send(Self.request)
        wire.advance(by: .milliseconds(200))
        #expect(wire.entries.first?.toxics == Toxics(slicer: true, limitData: 10))
        #expect(wire.entries.first?.jsonLine.contains(#""toxics":"slicer,limit_data:10""#) == true)
    }
}

extension ToxicWireTests {
    @Test func theControlAPISetsShowsAndRemovesToxics() throws {
        let wire = try self.harness(.none)
        let put = { (body: String) in
            try wire.response(
                to: "PUT /__switchboard/endpoints/a HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        }
        let set = try put(#"{"toxics":["slicer","limit_data:5"]}"#)
        #expect(set.status == 200)
        #expect(try set.json()["toxics"] as? [String] == ["slicer", "limit_data:5"])
        #expect(wire.panel.snapshot().rows[0].setting.toxics == Toxics(slicer: true, limitData: 5))
        let bad = try put(#"{"toxics":"slicr"}"#)
        #expect(bad.status == 400)
        #expect(bad.text.contains("'slicr' is not a toxic"))
        #expect(bad.text.contains("did you mean 'slicer'?"), "\(bad.text)")
        let removed = try put(#"{"toxics":null}"#)
        // `null`, not a missing key: docs/control-api-and-cli.md's "an absent value is null".
        #expect(try removed.json()["toxics"] is NSNull)
        #expect(wire.panel.snapshot().rows[0].setting.toxics == .none)
        #expect(wire.panel.changes(after: 0).map(\.summary).contains("a → toxics slicer,limit_data:5"))
    }
}
