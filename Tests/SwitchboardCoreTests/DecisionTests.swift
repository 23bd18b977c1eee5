import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Flaky outcomes, sequences and random delays, drawn from a random source
/// the test controls: no sleeping, no luck.
@Suite struct DecisionTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a }
          - { id: seq, method: GET, path: /seq, mode: sequence, sequence: [success, success, server_error, "flaky:100"] }
        latency_profiles:
          fixed: 500ms
          jittery: { delay: 100ms..1500ms }
          tail: { median: 120ms, sigma: 0.8, max: 5s }
          trickle: { delay: 300ms, bandwidth: 16KB/s }
        """

    func panel(random: any RandomSource = SeededRandom(seed: 1)) throws -> ControlPanel {
        let fixtures = MemoryFixtures(Self.manifest)
        return try fixtures.panel(random: random)
    }

    /// A source that returns the numbers it is given, in turn, whatever is asked.
    final class Scripted: RandomSource, @unchecked Sendable {
        private var values: [Double]
        init(_ values: [Double]) { self.values = values }
        func unit(endpoint: Int, request: UInt64, stream: UInt64) -> Double {
            values.isEmpty ? 0 : values.removeFirst()
        }
    }

    @Test func flakyServesServerErrorForDrawsBelowTheRate() throws {
        let panel = try self.panel(random: Scripted([0.24, 0.25, 0.99, 0.5]))
        try panel.setMode(.flaky(percent: 25), endpoint: "a")
        let modes = (0..<3).map { _ in panel.snapshot().decide(endpoint: 0).mode }
        #expect(modes == [.serverError, .success, .success])
        #expect(panel.snapshot().decide(endpoint: 0).setting == .flaky(percent: 25))
    }

    @Test func flakyRateHoldsOverManyRequests() throws {
        let panel = try self.panel()
        try panel.setMode(.flaky(percent: 25), endpoint: "a")
        let snapshot = panel.snapshot()
        let errors = (0..<10_000).filter { _ in snapshot.decide(endpoint: 0).mode == .serverError }.count
        #expect((2_300...2_700).contains(errors))
    }

    @Test func theSameSeedRepeatsTheSameOutcomes() throws {
        func outcomes(seed: UInt64) throws -> [Mode] {
            let panel = try self.panel(random: SeededRandom(seed: seed))
            try panel.setMode(.flaky(percent: 50), endpoint: "a")
            return (0..<100).map { _ in panel.snapshot().decide(endpoint: 0).mode }
        }
        #expect(try outcomes(seed: 42) == outcomes(seed: 42))
        #expect(try outcomes(seed: 42) != outcomes(seed: 43))
    }

    @Test func garbageHasARandomLengthThatASeedRepeats() throws {
        func lengths(seed: UInt64) throws -> [Int] {
            let panel = try self.panel(random: SeededRandom(seed: seed))
            try panel.setMode(.garbage, endpoint: "a")
            let snapshot = panel.snapshot()
            return (0..<50).map { _ in
                let decision = snapshot.decide(endpoint: 0)
                return snapshot.garbage(endpoint: 0, request: decision.request).count
            }
        }
        let first = try lengths(seed: 7)
        #expect(try lengths(seed: 7) == first)
        #expect(try lengths(seed: 8) != first)
        #expect(first.allSatisfy { PanelSnapshot.garbageLength.contains($0) })
        #expect(Set(first).count > 30, "\(first)")
        // Not a count that grows with the request number.
        #expect(first != first.sorted())
    }

    @Test func preferAsksForASequenceOnlyWhereThereIsOne() throws {
        let manifest = try self.panel().snapshot().manifest
        let refused = PreferHeader.parse("mode=sequence", endpoint: 0, manifest: manifest)
        #expect(throws: PreferHeader.Problem.self) { try refused.get() }
        if case .failure(let problem) = refused {
            #expect(problem.message == "Prefer: mode=sequence: endpoint 'a' declares no 'sequence:' in the manifest")
        }
        #expect(
            PreferHeader.parse("mode=sequence", endpoint: 1, manifest: manifest)
                == .success(PanelSnapshot.Override(mode: .sequence)))
    }

    @Test func aSequenceIsServedInTurnAndRestartsOnReset() throws {
        let panel = try self.panel()
        let modes = (0..<6).map { _ in panel.snapshot().decide(endpoint: 1).mode }
        #expect(modes == [.success, .success, .serverError, .serverError, .success, .success])
        try panel.reset(endpoint: "seq")
        #expect(panel.snapshot().decide(endpoint: 1).mode == .success)
        #expect(panel.snapshot().decide(endpoint: 1).setting == .sequence)
    }

    @Test func sequenceNeedsADeclaredSequence() throws {
        let panel = try self.panel()
        #expect(throws: ControlError.noSequence("a")) { try panel.setMode(.sequence, endpoint: "a") }
    }

    @Test func aFixedDelayIsExact() throws {
        let panel = try self.panel()
        try panel.setLatency("fixed", endpoint: "a")
        #expect(panel.snapshot().decide(endpoint: 0).delay == .milliseconds(500))
    }

    @Test func uniformDelaysStayInTheRangeAndSpreadAcrossIt() throws {
        let panel = try self.panel()
        try panel.setLatency("jittery", endpoint: "a")
        let snapshot = panel.snapshot()
        let delays = (0..<10_000).map { _ in snapshot.decide(endpoint: 0).delay.milliseconds }
        #expect(delays.allSatisfy { (100..<1500).contains($0) })
        let mean = delays.reduce(0, +) / Double(delays.count)
        #expect(abs(mean - 800) < 15)
        #expect(delays.min()! < 110 && delays.max()! > 1490)
    }

    @Test func lognormalDelaysCentreOnTheMedianAndRespectTheMax() throws {
        let panel = try self.panel()
        try panel.setLatency("tail", endpoint: "a")
        let snapshot = panel.snapshot()
        let delays = (0..<10_000).map { _ in snapshot.decide(endpoint: 0).delay.milliseconds }.sorted()
        let median = delays[delays.count / 2]
        #expect(abs(median - 120) < 6)
        #expect(delays.last! <= 5_000)
        // sigma 0.8: the 84th percentile is near median × e^0.8 ≈ 267 ms.
        #expect(abs(delays[8_413] - 267) < 20)
    }

    @Test func bandwidthComesWithTheProfile() throws {
        let panel = try self.panel()
        try panel.setLatency("trickle", endpoint: "a")
        let decision = panel.snapshot().decide(endpoint: 0)
        #expect(decision.bandwidth == 16 * 1024)
        #expect(decision.delay == .milliseconds(300))
    }

    @Test func builtInPresetsNeedNoDeclaration() throws {
        let panel = try self.panel()
        try panel.setLatency("edge", endpoint: "a")
        let decision = panel.snapshot().decide(endpoint: 0)
        #expect(decision.latency == "edge")
        #expect(decision.bandwidth == 16 * 1024)
        let speeds = LatencyProfile.builtIns.prefix(5).map { "\($0.name) \(($0.bandwidth ?? 0) / 1024)" }
        #expect(speeds == ["gprs 7", "edge 16", "3g 400", "3g+ 900", "wifi 1500"])
        #expect(
            panel.snapshot().manifest.availableProfiles.map(\.name).suffix(9) == [
                "gprs", "edge", "3g", "3g+", "wifi", "offline", "lossy-3g", "satellite", "very-bad-network",
            ])
    }

    @Test func profilesDescribeThemselves() throws {
        let manifest = try self.panel(random: SeededRandom(seed: 1))
        let names = manifest.snapshot().manifest.latencyProfiles.map(\.label)
        #expect(names == ["fixed 500ms", "jittery 100ms–1.5s", "tail ~120ms", "trickle 300ms 16KB/s"])
    }
}
