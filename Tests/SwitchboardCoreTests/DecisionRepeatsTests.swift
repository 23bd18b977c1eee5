import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// `Decision.repeats`: the one rule for which answers a connection may
/// remember per snapshot (`AnswerMemo`). A decision repeats only when the
/// next request to the endpoint must get the same one: nothing drawn,
/// counted or asked for by this request.
@Suite struct DecisionRepeatsTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, sequence: [success, server_error] }
        latency_profiles:
          fixed: 500ms
          jittery: { delay: 100ms..1500ms }
          trickle: { delay: 300ms, bandwidth: 16KB/s }
          lossy: { delay: 20ms, faults: { reset: 10% } }
        """

    func decide(
        mode: Mode? = nil, latency: String? = nil, toxics: String? = nil, override: PanelSnapshot.Override = .init()
    ) throws -> Decision {
        let panel = try MemoryFixtures(Self.manifest).panel()
        let parsed = try toxics.map { text in try Toxics.parse(text).get() }
        try panel.set(
            endpoint: "a", SettingChange(mode: mode, latency: latency.map(LatencyChoice.init(name:)), toxics: parsed))
        return panel.snapshot().decide(endpoint: 0, override: override)
    }

    @Test func answersWithNothingPerRequestRepeat() throws {
        #expect(try self.decide().repeats)
        for mode in [Mode.error, .serverError, .live, .fault(.reset), .fault(.hang), .fault(.truncated)] {
            #expect(try self.decide(mode: mode).repeats, "\(mode)")
        }
        #expect(try self.decide(latency: "fixed").repeats)
        #expect(try self.decide(latency: "trickle").repeats)
        #expect(try self.decide(toxics: "limit_data:10").repeats)
    }

    @Test func anythingDrawnCountedOrAskedForDoesNot() throws {
        let counted: [Mode] = [.flaky(percent: 50), .sequence, .fault(.garbage), Mode(name: "fail_first:2")!]
        for mode in counted {
            #expect(try !self.decide(mode: mode).repeats, "\(mode)")
        }
        #expect(try !self.decide(latency: "jittery").repeats)
        #expect(try !self.decide(latency: "lossy").repeats)
        #expect(try !self.decide(toxics: "slicer").repeats)
        #expect(try !self.decide(override: .init(mode: .serverError)).repeats)
        #expect(try !self.decide(override: .init(latency: LatencyChoice(name: "fixed"))).repeats)
        #expect(try !self.decide(override: .init(toxics: Toxics.parse("limit_data:5").get())).repeats)
    }
}
