import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// A setting of one kind written where another goes (the issue's own
/// spellings sit side by side: `fail_first:2`, `rate_limit:5/s`, `slicer`,
/// `lossy-3g`), and near misses typed into `Prefer`: each gets a message
/// that says where it goes, in the same words in check, the control API,
/// `switchboard set` and `Prefer`.
@Suite struct MisplacedSettingTests {
    @Test(arguments: [
        ("rate_limit:5/s", "is a rate limit, not a mode: give '5/s' as rate_limit"),
        ("slicer", "is a connection toxic, not a mode: give it as toxics"),
        ("limit_data:100", "is a connection toxic, not a mode"),
        ("lossy-3g", "is a latency profile, not a mode: give it as latency"),
        ("jitter:50ms", "jitter belongs to a latency profile"),
    ])
    func anotherKindOfSettingWrittenAsAModeSaysWhereItGoes(_ text: String, _ expected: String) {
        #expect(Mode.fix(forUnknown: text).contains(expected), "\(Mode.fix(forUnknown: text))")
    }

    @Test func aRealModeTypoStillGetsItsSuggestion() {
        #expect(Mode.fix(forUnknown: "sucess") == "did you mean 'success'?")
        #expect(Mode.fix(forUnknown: "fail_frist:2") == "did you mean 'fail_first:N'?")
    }

    @Test func jitterAsAToxicPointsToLatencyProfiles() {
        guard case .failure(let problem) = Toxics.parseList("jitter") else {
            Issue.record("jitter parsed as a toxic")
            return
        }
        #expect(problem.sentence.contains("jitter belongs to a latency profile"))
    }

    @Test func preferGetsTheSameSuggestionsAsTheControlAPI() throws {
        let fixtures = MemoryFixtures("endpoints:\n  - { id: a, method: GET, path: /a }\n")
        let manifest = try fixtures.load()
        func problem(_ value: String) -> String? {
            guard case .failure(let problem) = PreferHeader.parse(value, endpoint: 0, manifest: manifest) else {
                return nil
            }
            return problem.message
        }
        #expect(
            problem("mode=fail_frist:2") == "Prefer: mode=fail_frist:2 is not a mode — did you mean 'fail_first:N'?")
        #expect(
            problem("latency=lossy3g") == "Prefer: latency=lossy3g is not a latency profile — did you mean 'lossy-3g'?")
        #expect(
            problem("toxics=slicr")?.hasSuffix("did you mean 'slicer'?") == true, "\(problem("toxics=slicr") ?? "")")
    }
}
