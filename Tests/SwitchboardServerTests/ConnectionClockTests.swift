import NIOCore
import Testing

@testable import SwitchboardServer

/// The connection's deadlines as a value: which one runs after each event,
/// and when the handler's one timer must wake, with no channel and no
/// timer (the handler's side is HandlerClockTests).
@Suite struct ConnectionClockTests {
    static let limits = ServerLimits(idleTimeout: .seconds(60), headerTimeout: .seconds(10), bodyTimeout: .seconds(5))
    static let zero = NIODeadline.uptimeNanoseconds(0)

    func at(_ seconds: Int64) -> NIODeadline {
        Self.zero + .seconds(seconds)
    }

    @Test func eachEventMovesThePhaseAndItsDeadline() {
        var clock = ConnectionClock(limits: Self.limits)
        var trace: [String] = []
        func note(_ event: String) {
            let deadline = clock.deadline.map { "\(($0 - Self.zero).nanoseconds / 1_000_000_000)s" } ?? "none"
            trace.append("\(event): \(clock.phase) until \(deadline)")
        }
        clock.start(now: self.at(0))
        note("start")
        let nothing = clock.readCompleted(.none, now: self.at(1))
        #expect(!nothing)
        note("a read with nothing")
        let headBegun = clock.readCompleted(.headBegun, now: self.at(2))
        #expect(headBegun)
        note("a head begun")
        clock.headReceived()
        note("its head")
        let bodyUnder = clock.readCompleted(.bodyIncomplete, now: self.at(3))
        #expect(bodyUnder)
        note("part of its body")
        clock.requestReceived()
        note("all of it")
        clock.stillSending()
        note("idle, the answer still leaving")
        clock.allSent(now: self.at(20))
        note("all sent")
        clock.allSent(now: self.at(30))
        note("all sent again")
        #expect(
            trace == [
                "start: idle until 60s",
                "a read with nothing: idle until 60s",
                "a head begun: readingHead until 12s",
                "its head: busy until none",
                "part of its body: readingBody until 8s",
                "all of it: busy until none",
                "idle, the answer still leaving: sending until none",
                "all sent: idle until 80s",
                "all sent again: idle until 80s",
            ])
    }

    /// The timer wakes at the deadline or one shortest timeout from now,
    /// whichever comes first, and is armed again only for an earlier one.
    @Test func theTimerWakesNoLaterThanTheShortestTimeout() {
        var clock = ConnectionClock(limits: Self.limits)
        clock.start(now: self.at(0))
        #expect(clock.nextWake(now: self.at(0)) == self.at(5))
        #expect(clock.needsEarlierWake)
        clock.armed(at: self.at(5))
        #expect(!clock.needsEarlierWake)
        #expect(!clock.expired(now: self.at(59)))
        #expect(clock.expired(now: self.at(60)))
        clock.headReceived()
        #expect(clock.nextWake(now: self.at(1)) == self.at(6))
        #expect(!clock.needsEarlierWake)
        #expect(!clock.expired(now: self.at(1000)))
        clock.disarmed()
        _ = clock.readCompleted(.bodyIncomplete, now: self.at(1))
        #expect(clock.needsEarlierWake)
    }
}
