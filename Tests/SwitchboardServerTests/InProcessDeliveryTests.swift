import SwitchboardCore
import SwitchboardModel
import Testing

@testable import SwitchboardServer

/// The steps the URLProtocol takes for every fault and toxic, from the
/// same script the socket runs (`AnswerScriptTests`): when the head comes,
/// the body's pieces and their instants, and how the answer ends.
@Suite struct InProcessDeliveryTests {
    typealias Step = InProcessDelivery.Step

    /// The success body of `FaultPlanParityTests`' endpoint: 62 bytes.
    static let length = AnswerScriptTests.length
    static let ok = Step.head(status: 200, headers: [])

    static func delivery(
        mode: Mode = .success, toxics: Toxics = .none, latency: String? = nil, method: String = "GET",
        wholeBody: Bool = false
    ) throws -> [InProcessDelivery.Timed] {
        let manifest = try ManifestLoader.parse(
            text: AnswerScriptTests.manifest, file: "switchboard.yml", directory: "/")
        let panel = ControlPanel(manifest: manifest, random: SeededRandom(seed: 7))
        try panel.setMode(mode, endpoint: "a")
        try panel.set(endpoint: "a", SettingChange(toxics: toxics))
        try panel.setLatency(latency, endpoint: "a")
        let answers = InProcessAnswers(panel: panel, journal: RequestJournal(capacity: 10))
        let answer = answers.answer(
            method: method, target: "/a", headers: [HeaderField(name: "Host", value: "t")], body: [])
        var delivery = answer.delivery(wholeBody: wholeBody)
        var steps: [InProcessDelivery.Timed] = []
        while let step = delivery.next() { steps.append(step) }
        return steps
    }

    /// The steps without the head's headers (the parity tests compare
    /// those with the socket's).
    static func shapes(_ steps: [InProcessDelivery.Timed]) -> [Step] {
        steps.map { timed in
            if case .head(let status, _) = timed.step { .head(status: status, headers: []) } else { timed.step }
        }
    }

    @Test func aSuccessIsItsHeadItsBodyAndItsEndAtOnce() throws {
        let steps = try Self.delivery()
        #expect(Self.shapes(steps) == [Self.ok, .body(0..<Self.length), .finish])
        #expect(steps.allSatisfy { $0.at == .zero && $0.silent })
    }

    @Test func aHeadRequestGetsNoBody() throws {
        #expect(try Self.shapes(Self.delivery(method: "HEAD")) == [Self.ok, .finish])
    }

    /// A fault that sends no status line fails the client as the fault
    /// decided says (`offline` as `offline`, though its bytes are a reset's);
    /// `hang` never ends.
    @Test(arguments: [Fault.reset, .empty, .garbage, .offline, .hang])
    func aFaultWithoutAStatusLineIsOneStep(fault: Fault) throws {
        let steps = try Self.delivery(mode: .fault(fault))
        #expect(Self.shapes(steps) == [fault == .hang ? .stall : .fail(fault)])
    }

    @Test func aCutSendsItsPartThenFails() throws {
        #expect(
            try Self.shapes(Self.delivery(mode: .fault(.truncated)))
                == [Self.ok, .body(0..<Self.length / 2), .fail(.truncated)])
        #expect(try Self.shapes(Self.delivery(toxics: .limitData(10))) == [Self.ok, .body(0..<10), .fail(.truncated)])
        #expect(
            try Self.shapes(Self.delivery(toxics: .limitData(100_000))) == [Self.ok, .body(0..<Self.length), .finish])
    }

    /// No connection to close late: the answer is whole when its body is.
    @Test func aSlowCloseFinishesWithTheBody() throws {
        #expect(
            try Self.shapes(Self.delivery(toxics: .slowClose(.seconds(2))))
                == [Self.ok, .body(0..<Self.length), .finish])
    }

    /// `slow` waits 100 ms, then sends 1 KB/s in 50 ms ticks of 51 bytes,
    /// each piece when its last byte may have left.
    @Test func aBandwidthSendsTheBodyInTicksAfterTheDelay() throws {
        let steps = try Self.delivery(latency: "slow")
        let delay = Duration.milliseconds(100)
        #expect(Self.shapes(steps) == [Self.ok, .body(0..<51), .body(51..<Self.length), .finish])
        #expect(
            steps.map(\.at) == [
                delay, delay + Pacer.arrival(of: 51, at: 1024), delay + Pacer.arrival(of: Self.length, at: 1024),
                delay + Pacer.arrival(of: Self.length, at: 1024),
            ])
        #expect(steps.allSatisfy { $0.silent })
    }

    /// For a client that keeps only its last piece: the body whole when
    /// its last piece is due, and the client's timeout not running
    /// meanwhile (bytes would have been arriving).
    @Test func aWholeBodyComesWhenItsLastPieceWould() throws {
        let steps = try Self.delivery(latency: "slow", wholeBody: true)
        let end = Duration.milliseconds(100) + Pacer.arrival(of: Self.length, at: 1024)
        #expect(Self.shapes(steps) == [Self.ok, .body(0..<Self.length), .finish])
        #expect(steps.map(\.at) == [.milliseconds(100), end, end])
        #expect(steps.map(\.silent) == [true, false, true])
    }

    /// The slicer's pieces in process too: 1–64 bytes each, in order,
    /// covering the body, each its drawn gap (at most 10 ms) after the last.
    @Test func theSlicerCutsTheBodyAsOnTheSocket() throws {
        let steps = try Self.delivery(toxics: .slicer)
        let pieces = steps.compactMap { timed -> (Range<Int>, Duration)? in
            if case .body(let range) = timed.step { (range, timed.at) } else { nil }
        }
        #expect(pieces.count > 1)
        #expect(pieces.first?.0.lowerBound == 0)
        #expect(pieces.last?.0.upperBound == Self.length)
        for (earlier, later) in zip(pieces, pieces.dropFirst()) {
            #expect(earlier.0.upperBound == later.0.lowerBound)
            #expect(later.1 >= earlier.1 && later.1 <= earlier.1 + .milliseconds(10))
        }
        #expect(pieces.allSatisfy { (1...64).contains($0.0.count) })
        #expect(steps.last?.step == .finish)
    }
}
