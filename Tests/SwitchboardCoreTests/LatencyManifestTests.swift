import SwitchboardCore
import SwitchboardTestSupport
import Testing

@Suite struct LatencyManifestTests {
    func problems(_ manifest: String, files: [String: String] = [:]) throws -> [String] {
        try manifestProblems(manifest, files: files)
    }

    @Test func badProfilesSayWhatIsWrong() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /a }
            latency_profiles:
              backwards: { delay: 2s..1s }
              both: { delay: 1s, median: 1s }
              wide: { median: 100ms, sigma: 9 }
              capped: { median: 1s, max: 10ms }
              slowpipe: { bandwidth: fast }
              nothing: { sigma: 0.5 }
            """)
        #expect(
            found == [
                "4:23: delay '2s..1s' ends before it starts — put the smaller duration first",
                "5:22: latency profile 'both' has both 'delay' and 'median' — use 'delay' for a fixed or uniform delay, or 'median' and 'sigma' for a lognormal one",
                "6:33: sigma should be a number above 0 and at most 4 — 0.3 is a narrow spread, 1.0 a long tail",
                "7:30: max is below the median — raise 'max' above 1s",
                "8:26: bandwidth 'fast' is not a rate — write bytes per second with a unit: '16KB/s', '1.5MB/s', '500B/s', '56kbit/s'",
                "9:14: 'sigma' only applies with 'median' — add 'median:', e.g. 'median: 120ms'",
            ])
    }

    @Test func modesAndSequencesAreChecked() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /a, mode: "flaky:150" }
              - { method: GET, path: /b, mode: sequence }
              - { method: GET, path: /c, sequence: [success, sequence, reest] }
            """)
        #expect(
            found == [
                "2:36: unknown mode 'flaky:150' — flaky takes a percentage from 0 to 100, e.g. 'flaky:25'",
                "3:36: mode 'sequence' needs a 'sequence:' list on this endpoint — add e.g. 'sequence: [success, success, server_error]'",
                "4:50: a sequence cannot contain 'sequence' — list the modes to serve in turn",
                "4:60: unknown mode 'reest' — did you mean 'reset'?",
            ])
    }

    @Test(arguments: [
        ("16KB/s", 16 * 1024), ("1.5MB/s", 1_572_864), ("500B/s", 500), ("56kbit/s", 7 * 1024), ("7 KB/s", 7 * 1024),
    ])
    func ratesParse(text: String, bytes: Int) {
        #expect(RateText.parse(text) == bytes)
    }

    @Test func ratesPrint() {
        #expect(RateText.format(16 * 1024) == "16KB/s")
        #expect(RateText.format(1_572_864) == "1.5MB/s")
        #expect(RateText.format(700) == "700B/s")
        #expect(RateText.parse("0KB/s") == nil)
        #expect(RateText.parse("16KB") == nil)
    }
}
