import Foundation
import SwitchboardCore

/// Route lookup with a large OpenAPI description beside a small manifest
/// (issue 26, part 8): `switchboard-bench routes SMALL LARGE`, two fixtures
/// folders, the second the first with `openapi:` naming the description
/// (scripts/bench/spec_scale.sh makes them). Lookups a second of the same
/// request in each table, alternated in rounds so both see the same
/// machine, and the ratio the issue bounds (at most 10% fewer).
enum RouteBenchmark {
    static func run(small: String, large: String, path: String, deepPath: String) throws {
        let smallTable = try Self.table(small)
        let largeTable = try Self.table(large)
        print("endpoints: \(smallTable.endpoints.count) small, \(largeTable.endpoints.count) large")
        var rates: [String: [Double]] = [:]
        for _ in 0..<7 {
            rates["small", default: []].append(Self.lookups(smallTable, path: path))
            rates["large", default: []].append(Self.lookups(largeTable, path: path))
            rates["deep", default: []].append(Self.lookups(largeTable, path: deepPath))
        }
        let median = rates.mapValues { $0.sorted()[$0.count / 2] }
        print("route GET \(path), small manifest: \(Int(median["small"]!)) lookups/s")
        print("route GET \(path), beside the large description: \(Int(median["large"]!)) lookups/s")
        print("route GET \(deepPath), deep in the large description: \(Int(median["deep"]!)) lookups/s")
        print("route lookup large/small: \(String(format: "%.3f", median["large"]! / median["small"]!))")
    }

    static func table(_ folder: String) throws -> EndpointTable {
        let manifest = try ManifestLoader.load(directory: folder)
        return EndpointTable(endpoints: manifest.endpoints, basePath: manifest.basePath)
    }

    /// Lookups a second, each of a target as the server makes it from a
    /// request's URI (a new query each time: nothing can be remembered).
    static func lookups(_ table: EndpointTable, path: String) -> Double {
        let count = 100_000
        let uris = (0..<count).map { "\(path)?n=\($0)" }
        var matched = 0
        let elapsed = ContinuousClock().measure {
            for uri in uris {
                if case .matched? = table.match(method: "GET", target: RequestTarget(uri: uri), header: { _ in nil }) {
                    matched += 1
                }
            }
        }
        precondition(matched == count, "GET \(path) is not routed")
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(count) / seconds
    }
}
