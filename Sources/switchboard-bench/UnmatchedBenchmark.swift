import SwitchboardCore

/// What one unmatched request costs the event loop with a very large
/// manifest: routing, including the search for the closest endpoint.
enum UnmatchedBenchmark {
    static func run() {
        let endpoints = (0..<50_000).map { index in
            EndpointDefinition(
                id: "endpoint-\(index)", method: index % 4 == 0 ? "POST" : "GET",
                path: PathPattern(segments: [
                    .literal("api"), .literal("v1"), .literal("area\(index / 100)"), .literal("item\(index)"),
                ]))
        }
        let table = EndpointTable(endpoints: endpoints)
        let targets = [
            "/api/v1/area123/itme12345", "/api/v1/area123/item12345/extra",
            "/nowhere/" + String(repeating: "x", count: 300),
        ]
        for target in targets {
            let request = RequestTarget(uri: target)
            let timing = RenderBenchmark.measure(iterations: 200) {
                _ = table.route(method: "GET", target: request) { _ in nil }
            }
            print("route an unmatched GET \(target.prefix(40)) among 50,000 endpoints: \(timing)")
        }
        // What it cost before the search was bounded: a distance to every path.
        let path = "/api/v1/area123/itme12345"
        let exhaustive = RenderBenchmark.measure(iterations: 5) {
            _ = endpoints.map { EditDistance.between(path, $0.path.description) }.min()
        }
        print("edit distance to all 50,000 paths (the unbounded search): \(exhaustive)")
    }
}
