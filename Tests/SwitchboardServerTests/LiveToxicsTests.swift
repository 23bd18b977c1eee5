import NIOCore
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// What the toxics decide for a relayed answer, part by part, without a
/// connection: which bytes go and when the cut comes. (When each piece is
/// due is `PacerTests`'.)
@Suite struct LiveToxicsTests {
    @Test func noToxicsIsNoValue() {
        #expect(LiveToxics(.none) == nil)
    }

    @Test func theLimitLetsPartsThroughUpToItAndCutsOnlyWhenAByteGoesPast() throws {
        var toxics = try #require(LiveToxics(.limitData(100)))
        #expect(toxics.admit(60) == (60, false))
        #expect(toxics.admit(40) == (40, false))
        // The body may end here; the next byte is the cut.
        #expect(toxics.admit(1) == (0, true))
        var small = try #require(LiveToxics(.limitData(100)))
        #expect(small.admit(150) == (100, true))
    }
}
