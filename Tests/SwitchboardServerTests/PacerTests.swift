import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// When a body's bytes may leave, on virtual instants (durations after the
/// start), without a connection: the one rule fixtures, the relay and
/// in-process answers pace by.
@Suite struct PacerTests {
    /// Byte N may have left `N / rate` after the start, rounded up to the
    /// nanosecond, exactly, even where a double would drift.
    @Test(arguments: [
        (0, 100, Duration.zero),
        (1024, 1024, .seconds(1)),
        (32_768, 16_384, .seconds(2)),
        (1, 3, .nanoseconds(333_333_334)),
        (2, 3, .nanoseconds(666_666_667)),
        (3, 3, .seconds(1)),
        (10_000_000_001, 1_000_000_000, .seconds(10) + .nanoseconds(1)),
        (Int.max, 1, .seconds(Int.max)),
    ])
    func byteNMayLeaveNOverTheRateAfterTheStart(bytes: Int, bandwidth: Int, expected: Duration) {
        #expect(Pacer.arrival(of: bytes, at: bandwidth) == expected)
    }

    /// Every piece until `available` bytes are handed out, each left when
    /// it was due (a virtual clock).
    static func run(_ pacer: Pacer, bytes: Int, now: Duration = .zero) -> [Pacer.Piece] {
        var pacer = pacer
        var pieces: [Pacer.Piece] = []
        var now = now
        while let piece = pacer.next(available: bytes - pacer.sent, now: now) {
            pieces.append(piece)
            now = piece.at
            pacer.left(at: now)
        }
        return pieces
    }

    @Test func withNothingToPaceAPieceIsAllThereIsNow() {
        var pacer = Pacer(bandwidth: nil, slicer: nil, pieces: .ticks)
        #expect(pacer.isFree)
        #expect(
            pacer.next(available: 700, now: .milliseconds(100)) == .init(offset: 0, length: 700, at: .milliseconds(100))
        )
        #expect(pacer.next(available: 0, now: .milliseconds(100)) == nil)
        // A bandwidth of 0 limits nothing (the manifest refuses it).
        #expect(Pacer(bandwidth: 0, slicer: nil, pieces: .ticks).isFree)
    }

    @Test func aWholeBodyAtABandwidthGoesATickAtATimeEvenly() {
        let pieces = Self.run(Pacer(bandwidth: 16_384, slicer: nil, pieces: .ticks), bytes: 32_768)
        #expect(pieces.map(\.length).reduce(0, +) == 32_768)
        #expect(pieces.dropLast().allSatisfy { $0.length == 819 })
        #expect(pieces.first?.at == Pacer.arrival(of: 819, at: 16_384))
        #expect(abs((pieces.first?.at ?? .zero).milliseconds - 50) < 1)
        #expect(pieces.last?.at == .seconds(2))
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.offset + $0.length == $1.offset })
        #expect(Self.run(Pacer(bandwidth: 100, slicer: nil, pieces: .ticks), bytes: 0).isEmpty)
    }

    /// A relayed part goes whole, once its last byte may have left, the
    /// bytes counted from the upstream's head on, across parts.
    @Test func aRelayedPartGoesWholeWhenTheBandwidthAllows() {
        var pacer = Pacer(bandwidth: 1024, slicer: nil, pieces: .asGiven)
        let first = pacer.next(available: 700, now: .milliseconds(100))
        #expect(first == .init(offset: 0, length: 700, at: Pacer.arrival(of: 700, at: 1024)))
        pacer.left(at: .milliseconds(684))
        // It came late: it goes now, not when it was due.
        #expect(pacer.next(available: 324, now: .seconds(3)) == .init(offset: 700, length: 324, at: .seconds(3)))
        // Due later than it came: held until then.
        #expect(pacer.next(available: 3072, now: .seconds(3)) == .init(offset: 1024, length: 3072, at: .seconds(4)))
    }

    /// The slicer's gap counts from when the last piece left, not from
    /// when it was due: a late timer or a held write never bunches the
    /// next pieces together.
    @Test(arguments: [Duration.zero, .milliseconds(500)])
    func slicerPiecesKeepTheirGapAfterTheLastOneLeft(late: Duration) throws {
        let slicer = Pacer.Slicer(random: SeededRandom(seed: 3), endpoint: 0, request: 1)
        var pacer = Pacer(bandwidth: nil, slicer: slicer, pieces: .asGiven)
        let drawn = pacer.next(available: 1000, now: .zero)
        let first = try #require(drawn)
        #expect(first == .init(offset: 0, length: slicer.draw(0).length, at: .zero))
        pacer.left(at: first.at + late)
        let next = pacer.next(available: 1000, now: first.at + late)
        let second = try #require(next)
        #expect(second.offset == first.length && second.length == slicer.draw(1).length)
        #expect(second.at == first.at + late + slicer.draw(1).gap)
    }

    /// On a virtual clock, where each piece leaves when due, the pieces are
    /// 1–64 bytes, each its drawn gap after the one before.
    @Test func onAVirtualClockSlicerPiecesAreTheirGapsApart() {
        let slicer = Pacer.Slicer(random: SeededRandom(seed: 42), endpoint: 0, request: 1)
        let pieces = Self.run(Pacer(bandwidth: nil, slicer: slicer, pieces: .ticks), bytes: 2048)
        #expect(pieces.map(\.length).reduce(0, +) == 2048)
        #expect(pieces.allSatisfy { Pacer.Slicer.pieceSizes.contains($0.length) })
        var at = Duration.zero
        for (index, piece) in pieces.enumerated() {
            at += slicer.draw(index).gap
            #expect(piece.at == at)
        }
        #expect(Self.run(Pacer(bandwidth: nil, slicer: slicer, pieces: .ticks), bytes: 2048) == pieces)
    }

    @Test func slicerPiecesKeepToTheBandwidth() {
        let slicer = Pacer.Slicer(random: SeededRandom(seed: 1), endpoint: 0, request: 1)
        let pieces = Self.run(Pacer(bandwidth: 1024, slicer: slicer, pieces: .ticks), bytes: 1024)
        #expect(pieces.map(\.length).reduce(0, +) == 1024)
        #expect(pieces.allSatisfy { $0.at >= Pacer.arrival(of: $0.offset + $0.length, at: 1024) })
        #expect(pieces.last.map { $0.at >= .seconds(1) } == true)
    }
}
