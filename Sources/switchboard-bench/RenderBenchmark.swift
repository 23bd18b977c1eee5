import SwitchboardCore
import SwitchboardTUI

/// How long the screen's pure half takes per frame with a big manifest and
/// a full log: `swift run -c release switchboard-bench`.
@main
enum RenderBenchmark {
    static func main() async throws {
        // `switchboard-bench kit`: the in-process library's costs alone.
        if CommandLine.arguments.dropFirst().first == "kit" {
            try await KitBenchmark.run()
            return
        }
        // `switchboard-bench routes SMALL LARGE PATH DEEP`: route lookup
        // beside a large OpenAPI description (scripts/bench/spec_scale.sh).
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "routes", arguments.count == 5 {
            try RouteBenchmark.run(small: arguments[1], large: arguments[2], path: arguments[3], deepPath: arguments[4])
            return
        }
        var state = Self.state(endpoints: 200)
        let entries = Self.entries(count: state.logCapacity)
        let stats = JournalStats(total: entries.count)
        let ingest = measure(iterations: 50) {
            var copy = state
            _ = Reducer.reduce(&copy, .requests(entries, missed: 0, stats: stats), width: 200, height: 60)
        }
        _ = Reducer.reduce(&state, .requests(entries, missed: 0, stats: stats), width: 200, height: 60)
        print("ingest \(entries.count) journal entries into the screen state: \(ingest)")

        let options = RenderOptions(color: true, unicode: true, utcOffset: 0)
        for (width, height) in [(200, 60), (120, 40), (80, 24)] {
            let timing = measure(iterations: 500) {
                _ = ScreenRenderer.render(state, width: width, height: height, options: options)
            }
            print("render 200 endpoints + \(state.log.count) log lines at \(width)x\(height): \(timing)")
        }

        // An OpenAPI description's worth of endpoints (issue 26), with the
        // selection far down the list and `/` searching it.
        var large = Self.state(endpoints: 1_000)
        _ = Reducer.reduce(&large, .requests(entries, missed: 0, stats: stats), width: 200, height: 60)
        large.selected = 900
        _ = Reducer.reduce(&large, .key(.char("/")), width: 200, height: 60)
        let frame = measure(iterations: 500) {
            _ = ScreenRenderer.render(large, width: 200, height: 60, options: options)
        }
        print("render 1000 endpoints + \(large.log.count) log lines at 200x60: \(frame)")
        let search = measure(iterations: 200) {
            var copy = large
            for character in "post resource99" {
                _ = Reducer.reduce(&copy, .key(.char(character)), width: 200, height: 60)
            }
        }
        print("search 1000 endpoints, 15 keys typed after /: \(search)")
        UnmatchedBenchmark.run()
        HARBenchmark.run()
    }

    /// The screen's state over `count` endpoints, as the runtime builds it.
    static func state(endpoints count: Int) -> AppState {
        let endpoints = (0..<count).map { index in
            EndpointDefinition(
                id: "endpoint-\(index)", method: index % 5 == 0 ? "POST" : "GET",
                path: PathPattern(segments: [
                    .literal("api"), .literal("v1"), .literal("resource\(index)"), .parameter("id"),
                ]),
                startMode: index % 7 == 0 ? .serverError : .success)
        }
        let manifest = Manifest(
            directory: "/bench", file: "bench/switchboard.yml", endpoints: endpoints,
            latencyProfiles: [LatencyProfile(name: "slow", delay: .seconds(2))])
        let panel = ControlPanel(manifest: manifest, random: SeededRandom(seed: 1))
        var state = AppState(serverURL: "http://127.0.0.1:8080")
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: 200, height: 60)
        return state
    }

    /// A full log's worth of requests to the first 200 endpoints.
    static func entries(count: Int) -> [JournalEntry] {
        (0..<count).map { index in
            JournalEntry(
                sequence: index + 1, time: 1_763_812_860 + Double(index) / 1000, method: "GET",
                target: "/api/v1/resource\(index % 200)/\(index)?page=\(index % 7)&q=%1B%5B31m",
                status: .answered([200, 200, 201, 404, 500][index % 5]),
                duration: .microseconds(Int64(300 + index % 900)),
                endpointID: "endpoint-\(index % 200)", mode: .success, latency: index % 3 == 0 ? "slow" : nil,
                injectedDelay: index % 3 == 0 ? .seconds(2) : .zero)
        }
    }

    struct Timing: CustomStringConvertible {
        var samples: [Duration]

        var description: String {
            let sorted = self.samples.sorted()
            func ms(_ duration: Duration) -> String {
                String(Double(duration.nanoseconds / 1000) / 1000) + " ms"
            }
            let mean = sorted.reduce(Duration.zero, +) / sorted.count
            return "mean \(ms(mean)), p50 \(ms(sorted[sorted.count / 2])), p95 \(ms(sorted[sorted.count * 95 / 100])), "
                + "p99 \(ms(sorted[sorted.count * 99 / 100]))"
        }
    }

    static func measure(iterations: Int, _ work: () -> Void) -> Timing {
        let clock = ContinuousClock()
        for _ in 0..<5 { work() }
        return Timing(samples: (0..<iterations).map { _ in clock.measure(work) })
    }
}
