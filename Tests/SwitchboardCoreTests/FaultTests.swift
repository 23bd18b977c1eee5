import SwitchboardCore
import SwitchboardModel
import Testing

/// Every fault kind reaches every place that lists modes, from `Fault`
/// alone: its name parses back, the messages list it, a count rule can fail
/// with it, and the spellings from before `Fault` still name it.
@Suite struct FaultTests {
    @Test(arguments: Fault.allCases)
    func aFaultIsAModeByItsName(fault: Fault) {
        #expect(Mode(name: fault.name) == .fault(fault))
        #expect(Mode(name: fault.name.uppercased()) == .fault(fault))
        #expect(Mode.fault(fault).name == fault.name)
        #expect(Mode.names.contains(fault.name))
    }

    @Test(arguments: Fault.allCases)
    func aCountRuleCanFailWithEveryFault(fault: Fault) {
        #expect(CountRule.Failure.allCases.contains(.fault(fault)))
        #expect(CountRule.Failure(name: fault.name) == .fault(fault))
        #expect(Mode(name: "every:3:\(fault.name)") == .rule(.every(3, failure: .fault(fault))))
        #expect(Mode.rule(.every(3, failure: .fault(fault))).name == "every:3:\(fault.name)")
    }

    /// The five first faults keep their order (the digit keys and the
    /// messages list them so); a new one comes after them.
    @Test func theNamesKeepTheirOrderAndTheOldSpellingsStillNameTheFaults() {
        #expect(
            Array(Mode.names.prefix(8)) == [
                "success", "error", "server_error", "reset", "hang", "empty", "garbage", "truncated",
            ])
        #expect(
            Array(Mode.names.suffix(6)) == ["flaky:N", "sequence", "live", "fail_first:N", "every:N", "after:N"])
        #expect([Mode.reset, .hang, .empty, .garbage, .truncated] == Fault.allCases.prefix(5).map(Mode.fault))
        #expect(
            [CountRule.Failure.reset, .hang, .empty, .garbage, .truncated]
                == Fault.allCases.prefix(5).map(CountRule.Failure.fault))
        #expect(CountRule.Failure.allCases.map(\.name) == Mode.names.filter { Mode(name: $0)?.answersOnItsOwn == true })
    }

    @Test func aNetworkPresetDrawsFaults() {
        let faults = NetworkFaults(reset: 10, hang: 20)
        #expect(faults.fault(for: 0.05) == .reset)
        #expect(faults.fault(for: 0.25) == .hang)
        #expect(faults.fault(for: 0.5) == nil)
    }
}

extension Mode {
    /// What a count rule may fail with: an error answer or a fault.
    fileprivate var answersOnItsOwn: Bool {
        switch self {
        case .error, .serverError, .fault: true
        case .success, .live, .flaky, .sequence, .rule: false
        }
    }
}
