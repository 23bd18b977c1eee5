import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// What each network fault puts on the wire, on the embedded channel; what
/// real clients make of it is FaultTests' to show.
@Suite struct FaultWireTests {
    static let getA = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"

    func harness(_ mode: Mode, random: any RandomSource = SeededRandom.unseeded()) throws -> WireHarness {
        let wire = try WireHarness(manifest: FaultTests.manifest, random: random)
        try wire.panel.setMode(mode, endpoint: "a")
        return wire
    }

    @Test func resetClosesWithoutAByte() throws {
        let wire = try self.harness(.reset)
        #expect(try wire.exchange(Self.getA).isEmpty)
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.mode) == [.reset])
    }

    @Test func emptyClosesWithoutAByte() throws {
        let wire = try self.harness(.empty)
        #expect(try wire.exchange(Self.getA).isEmpty)
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.mode) == [.empty])
    }

    @Test func truncatedPromisesMoreThanItSendsThenCloses() throws {
        let wire = try self.harness(.truncated)
        let reply = try wire.response(to: Self.getA)
        #expect(reply.status == 200)
        let promised = try #require(Int(reply.header("Content-Length") ?? ""))
        #expect(reply.body.count < promised)
        #expect(!reply.body.isEmpty)
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.mode) == [.truncated])
    }

    @Test func garbageIsNotHTTP() throws {
        let wire = try self.harness(.garbage)
        let reply = try wire.exchange(Self.getA)
        #expect(!reply.isEmpty)
        #expect(!reply.hasPrefix("HTTP/"))
        #expect(!wire.isActive)
    }

    @Test func hangWritesNothingAndKeepsTheConnectionOpenWhileOthersAreServed() throws {
        let wire = try self.harness(.hang)
        try wire.send(Self.getA)
        wire.advance(by: .seconds(3600))
        #expect(try wire.written().isEmpty)
        #expect(wire.isActive)
        let other = try WireHarness(panel: wire.panel, journal: wire.journal)
        #expect(try other.response(to: "GET /b HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
        // The client gives up: the hung request is journaled with no status.
        wire.disconnect()
        let entry = try #require(wire.entries.first { $0.mode == .hang })
        #expect(entry.status == .noStatusLine)
        #expect(entry.duration == .seconds(3600))
    }

    @Test func flakyWithASeedRepeatsItsOutcomesAcrossServers() throws {
        func statuses() throws -> [Int] {
            let wire = try self.harness(.flaky(percent: 50), random: SeededRandom(seed: 99))
            return try (0..<30).map { _ in try wire.response(to: Self.getA).status }
        }
        let first = try statuses()
        #expect(try statuses() == first)
        #expect(first.contains(500) && first.contains(200))
    }
}
