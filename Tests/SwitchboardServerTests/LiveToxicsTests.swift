import NIOCore
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// What the toxics decide for a relayed answer, part by part, without a
/// connection: which bytes go, when the cut comes, and when each piece is
/// due.
@Suite struct LiveToxicsTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    @Test func noToxicsIsNoValue() {
        #expect(LiveToxics(.none, slicer: nil) == nil)
    }

    @Test func theLimitLetsPartsThroughUpToItAndCutsOnlyWhenAByteGoesPast() throws {
        var toxics = try #require(LiveToxics(.limitData(100), slicer: nil))
        #expect(toxics.admit(60) == (60, false))
        #expect(toxics.admit(40) == (40, false))
        // The body may end here; the next byte is the cut.
        #expect(toxics.admit(1) == (0, true))
        var small = try #require(LiveToxics(.limitData(100), slicer: nil))
        #expect(small.admit(150) == (100, true))
    }

    @Test func withoutTheSlicerAPartGoesWholeWhenTheBandwidthAllows() throws {
        var toxics = try #require(LiveToxics(.limitData(4096), slicer: nil))
        let now = self.start + .milliseconds(100)
        let free = toxics.nextPiece(available: 700, now: now, answered: self.start, bandwidth: nil)
        #expect(free.length == 700 && free.due == now)
        // 700 bytes already out, 324 more at 1 KB/s: due a second after the head.
        let slow = toxics.nextPiece(available: 324, now: now, answered: self.start, bandwidth: 1024)
        #expect(slow.length == 324 && slow.due == self.start + .seconds(1))
    }

    @Test func slicerPiecesKeepTheirGapAfterTheLastOneLeft() throws {
        let slicer = ToxicBody.Slicer(random: SeededRandom(seed: 3), endpoint: 0, request: 1)
        var toxics = try #require(LiveToxics(.slicer, slicer: slicer))
        let first = toxics.nextPiece(available: 1000, now: self.start, answered: self.start, bandwidth: nil)
        #expect(first.length == slicer.draw(0).length && first.due == self.start)
        // The piece left late (the upstream was slow): the gap counts from then.
        let left = self.start + .milliseconds(500)
        toxics.pieceLeft(at: left)
        let second = toxics.nextPiece(available: 1000, now: left, answered: self.start, bandwidth: nil)
        #expect(second.length == slicer.draw(1).length)
        #expect(second.due == left + TimeAmount(slicer.draw(1).gap))
    }
}
