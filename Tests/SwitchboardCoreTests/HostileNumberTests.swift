import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Every parser of a number from outside (a header, the control API, the
/// manifest, the command line), fed the numbers an attacker or a typo
/// writes: each is refused, or read within its range, and none traps. A
/// conversion that overflows would end this test process, as it ended the
/// server (`slow_close:99999999999999s` did).
@Suite struct HostileNumberTests {
    /// Huge, negative, not-a-number, infinite, exponent, hex, signed and
    /// very long forms.
    static let numbers = [
        "99999999999999", "9223372036854775807", "9223372036854775808", "18446744073709551616",
        String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1", "1e400", "1e18", "1e3",
        "1E-3", "-1e400", "-1", "-0", "+5", "nan", "NaN", "inf", "-inf", "infinity", "0x10", "0x1p3", "1.2.3", ".",
        "", " ", "٣", "1_000",
    ]

    /// The same number before each unit it could be read with.
    static func written(_ units: [String]) -> [String] {
        Self.numbers.flatMap { number in units.map { number + $0 } }
    }

    @Test func durationsAreRefusedOrWithinADay() {
        for text in Self.written(["ns", "us", "ms", "s", "m", "h", " s"]) {
            guard let duration = DurationText.parse(text) else { continue }
            #expect(duration >= .zero && duration <= DurationText.longest, "\(text)")
        }
        #expect(DurationText.parse("0x10s") == nil, "hex is no way to write a duration")
        #expect(DurationText.parse("1e3ms") == nil)
        #expect(DurationText.parse("-0s") == nil)
        #expect(DurationText.parse("0.5s") == .milliseconds(500))
        #expect(DurationText.parse(".5s") == .milliseconds(500))
        #expect(DurationText.parse("24h") == .seconds(86_400), "up to a day, as the README says")
        #expect(DurationText.parse("86400.001s") == nil)
    }

    @Test func aDurationTooLongSaysTheMostItTakes() {
        #expect(
            DurationText.read("99999999999999s", upTo: .seconds(600)).description()
                == "'99999999999999s' is more than 600s — write at most 600s")
        #expect(
            DurationText.read("1e400s").description()
                == "'1e400s' is not a duration — write a number with a unit: '250ms', '2s', '1.5s', '1m'")
        #expect(
            DurationText.read(String(repeating: "9", count: 400) + "h").description().hasSuffix(
                "is more than 86400s — write at most 86400s"))
    }

    @Test func slowCloseIsRefusedOrWithinItsLimit() {
        for text in Self.written(["", "ms", "s", "m", "h"]) {
            guard case .success(let toxics) = Toxics.parse("slow_close:" + text) else { continue }
            let delay = toxics.slowClose ?? .zero
            #expect(delay >= .zero && delay <= Toxics.maxSlowClose, "\(text)")
        }
        #expect(throws: ToxicProblem.self) { try Toxics.parseList("slow_close:99999999999999s").get() }
    }

    @Test func byteCountsAreRefusedOrWithinTheirRange() {
        for text in Self.numbers {
            if case .success(let toxics) = Toxics.parse("limit_data:" + text) {
                #expect((toxics.limitData ?? 0) >= 0, "\(text)")
            }
        }
        for text in Self.written(["B/s", "KB/s", "MB/s", "kbit/s", "mbit/s"]) {
            guard let rate = RateText.parse(text) else { continue }
            #expect(rate >= 1 && rate < 1_000_000_000_000, "\(text)")
        }
        for text in Self.written(["B", "KB", "MB"]) {
            guard let size = ByteSize.parse(text) else { continue }
            #expect(size >= 1 && size < 1_000_000_000_000, "\(text)")
        }
        #expect(RateText.parse("0x10KB/s") == nil)
        #expect(RateText.parse("1e3KB/s") == nil)
    }

    @Test func countsPercentagesAndRatesAreRefusedOrWithinTheirRange() {
        for text in Self.numbers {
            if let limit = RateLimit(text: text + "/s") {
                #expect((1...RateLimit.maxCount).contains(limit.count), "\(text)")
            }
            if case .flaky(let percent) = Mode(name: "flaky:" + text) {
                #expect((0...100).contains(percent), "\(text)")
            }
            for kind in ["fail_first", "every", "after"] {
                if case .rule(let rule) = Mode(name: "\(kind):" + text) {
                    #expect(rule.count >= 1, "\(kind):\(text)")
                }
            }
        }
    }

    /// `Prefer` is the way in for any web page: a preflight asking for it
    /// is allowed from any origin.
    @Test func aPreferHeaderWithAHugeDelayIsAProblemNotACrash() throws {
        let manifest = try ManifestLoader.parse(
            text: "endpoints:\n  - { id: a, method: GET, path: /a }\n", file: "switchboard.yml", directory: "/")
        for text in Self.written(["s", "ms"]) {
            _ = PreferHeader.parse("toxics=slow_close:" + text, endpoint: 0, manifest: manifest)
        }
        let problem = PreferHeader.parse("toxics=slow_close:99999999999999s", endpoint: 0, manifest: manifest)
        guard case .failure(let problem) = problem else {
            Issue.record("a delay past 600s is not a toxic")
            return
        }
        #expect(
            problem.message
                == "Prefer: toxics=slow_close:99999999999999s: 'slow_close:99999999999999s' is not a toxic: slow_close takes a delay up to 600s, e.g. slow_close:2s or :500ms"
        )
    }

    /// `check` (and a reload) reports each at its line and column, and the
    /// process lives on to say so.
    @Test func theManifestReportsEachHostileNumberWhereItIsWritten() throws {
        let found = try manifestProblems(
            """
            latency_profiles:
              a: 99999999999999s
              b: { delay: "1e400ms..2s" }
              c: { median: 1s, sigma: "nan", max: 9999999999h }
              d: { bandwidth: 99999999999999999999MB/s }
              e: { delay: 1s, jitter: 0x10s, faults: { reset: "1e400%" } }
            endpoints:
              - { id: t, method: GET, path: /t, toxics: "slow_close:99999999999999s" }
            scenarios:
              drill:
                steps:
                  - { at: 18446744073709551616s, t: { mode: error } }
            """)
        #expect(
            found == [
                "2:6: latency profile 'a' '99999999999999s' is more than 86400s — write at most 86400s",
                "3:15: delay '1e400ms..2s' is not a range of durations — write e.g. '100ms..1500ms'",
                "4:27: sigma should be a number above 0 and at most 4 — 0.3 is a narrow spread, 1.0 a long tail",
                "4:39: max '9999999999h' is more than 86400s — write at most 86400s",
                "5:19: bandwidth '99999999999999999999MB/s' is not a rate — write bytes per second with a unit: '16KB/s', '1.5MB/s', '500B/s', '56kbit/s'",
                "6:27: jitter '0x10s' is not a duration — write a number with a unit: '250ms', '2s', '1.5s', '1m'",
                "6:51: reset share '1e400%' is not a percentage — write a share from 0% to 100%, e.g. '5%'",
                "8:45: 'slow_close:99999999999999s' is not a toxic: slow_close takes a delay up to 600s, e.g. slow_close:2s or :500ms",
                "12:15: 'at' of step 1 of drill 'drill' '18446744073709551616s' is more than 86400s — write at most 86400s",
            ])
    }
}

extension Result<Duration, DurationProblem> {
    /// The problem as the manifest words it, or `ok`.
    fileprivate func description() -> String {
        guard case .failure(let problem) = self else { return "ok" }
        return "\(problem) — \(problem.fix)"
    }
}
