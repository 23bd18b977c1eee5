import SwitchboardCore
import SwitchboardModel
import Testing

@Suite struct ModeTests {
    @Test func everyModeHasOneSpellingThatParsesBack() {
        for mode in Mode.names.compactMap({ Mode(name: $0 == "flaky:N" ? "flaky" : $0) }) + [.flaky(percent: 10)] {
            #expect(Mode(name: mode.name) == mode)
        }
        #expect(Mode(name: "flaky") == .flaky(percent: 25))
        #expect(Mode(name: "flaky:10%") == .flaky(percent: 10))
        #expect(Mode(name: "FLAKY:50") == .flaky(percent: 50))
        #expect(Mode(name: "flaky:101") == nil)
        #expect(Mode(name: "flaky:x") == nil)
    }

    @Test func countRulesParseAndRoundTrip() {
        #expect(Mode(name: "fail_first:2") == .rule(.failFirst(2)))
        #expect(Mode(name: "EVERY:3:reset") == .rule(.every(3, failure: .reset)))
        #expect(Mode(name: "after:5:500") == .rule(.after(5)))
        #expect(Mode(name: "after:5:server_error")?.name == "after:5")
        for name in ["fail_first:2", "every:3:error", "after:5:hang", "fail_first:1:truncated", "every:2:garbage"] {
            #expect(Mode(name: name)?.name == name)
        }
        for name in [
            "fail_first", "fail_first:0", "fail_first:x", "every:1", "every:0", "after:0", "after:-1",
            "fail_first:2:rest", "fail_first:2:flaky:25", "every:3:sequence", "after:2:live", "after:2:success",
            "every:3:fail_first:2", "fail_first:2:",
        ] {
            #expect(Mode(name: name) == nil, "\(name)")
        }
    }

    @Test func aMisspelledRuleSaysWhatItTakes() {
        #expect(
            CountRule.problem(with: "fail_first:0")
                == "fail_first takes a count from 1 to 1000000, e.g. 'fail_first:2'")
        #expect(
            CountRule.problem(with: "every:1")
                == "every takes a count from 2 to 1000000, e.g. 'every:3' (every:1 fails every request: set server_error itself)"
        )
        #expect(CountRule.problem(with: "after:x") == "after takes a count from 1 to 1000000, e.g. 'after:5'")
        #expect(
            CountRule.problem(with: "fail_first:2:rest")
                == "fail_first fails with server_error or the mode named after the count: error, server_error, reset, hang, empty, garbage, truncated, offline"
        )
        #expect(
            CountRule.problem(with: "every:3:flaky:25")
                == "every can fail only with a mode that answers on its own, not 'flaky:25': error, server_error, reset, hang, empty, garbage, truncated, offline"
        )
        #expect(CountRule.problem(with: "fail_first:2") == nil)
        #expect(CountRule.problem(with: "sucess") == nil)
    }

    /// The one sentence `check`, the control API and `switchboard set` give.
    @Test func aMistypedFailureInsideARuleGetsADidYouMean() {
        #expect(Mode.fix(forUnknown: "fail_first:2:rest") == "did you mean 'fail_first:2:reset'?")
        #expect(Mode.fix(forUnknown: "EVERY:3:eror") == "did you mean 'every:3:error'?")
        // A real mode a rule cannot fail with is not a typo: the list says which can.
        #expect(Mode.fix(forUnknown: "after:3:flaky").hasPrefix("after can fail only with a mode that answers"))
        // Nothing close: the list of failures.
        #expect(Mode.fix(forUnknown: "fail_first:2:xyzzy").hasPrefix("fail_first fails with server_error or"))
        // A bad count is mended first.
        #expect(Mode.fix(forUnknown: "fail_first:0:rest").hasPrefix("fail_first takes a count from 1"))
    }
}
