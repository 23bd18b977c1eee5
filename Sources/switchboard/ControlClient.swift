import Foundation
import SwitchboardControl
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to a running Switchboard's control API, for the `status`, `set`,
/// `scenario` and `reset` commands, in the contract's types.
struct ControlClient: Sendable {
    let base: URL
    let token: String?
    /// One per client, for all its calls (`set` makes two): a session per
    /// call would set up its machinery, and a connection, each time. The
    /// command's process ends with it, so it is never invalidated.
    let session = URLSession(configuration: .ephemeral)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private var address: String { "\(self.base.host ?? "127.0.0.1"):\(self.base.port ?? 80)" }

    func panel() async throws -> PanelStatus {
        try await self.send("GET", "endpoints")
    }

    func change(_ id: String, to change: SettingsChange) async throws -> EndpointStatus {
        try await self.send("PUT", "endpoints/\(id)", body: change)
    }

    func reset(_ id: String?) async throws {
        if let id {
            let _: EndpointStatus = try await self.send("POST", "endpoints/\(id)/reset")
        } else {
            let _: PanelStatus = try await self.send("POST", "reset")
        }
    }

    func scenarios() async throws -> ScenarioList {
        try await self.send("GET", "scenarios")
    }

    /// The panel after it; its `drill` says whether a drill started.
    func applyScenario(_ name: String) async throws -> PanelStatus {
        try await self.send("POST", "scenarios/\(name)")
    }

    func record(_ request: RecordRequest) async throws -> RecordResult {
        try await self.send("POST", "record", body: request)
    }

    /// Sends one request and decodes the answer, or throws a one-sentence
    /// failure.
    private func send<Answer: Decodable>(
        _ method: String, _ path: String, body: (some Encodable)? = SettingsChange?.none
    ) async throws -> Answer {
        var url = self.base.appendingPathComponent("__switchboard").appendingPathComponent(path)
        // A change says it came from the CLI, for the log's marker line.
        if method != "GET" { url = url.appending(queryItems: [URLQueryItem(name: "by", value: "cli")]) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 10
        if let token = self.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try ControlCoding.encoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await self.session.data(for: request)
        } catch let error as URLError {
            switch error.code {
            case .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .timedOut:
                throw Failure(
                    description: "nothing is listening on \(self.address) — start it with `switchboard` (or pass --url)"
                )
            default:
                throw Failure(description: "cannot reach \(self.address): \(error.localizedDescription)")
            }
        }
        guard let response = response as? HTTPURLResponse else {
            throw Failure(description: "no answer from \(self.address)")
        }
        let decoder = ControlCoding.decoder()
        guard (200..<300).contains(response.statusCode) else {
            if let problem = try? decoder.decode(ControlProblem.self, from: data) {
                throw Failure(description: problem.error)
            }
            if response.statusCode == 404 {
                throw Failure(description: "\(self.address) answers, but it is not Switchboard (no control API there)")
            }
            throw Failure(description: "HTTP \(response.statusCode)")
        }
        do {
            return try decoder.decode(Answer.self, from: data)
        } catch {
            throw Failure(description: "\(self.address) sent something that is not Switchboard's JSON")
        }
    }

    /// The endpoint id that `words` name: an id, or `METHOD PATH` where PATH
    /// is the manifest's pattern or a concrete path it matches.
    func resolveEndpoint(_ words: [String]) async throws -> String {
        let endpoints = try await self.panel().endpoints
        let ids = endpoints.map(\.id)
        let joined = words.joined(separator: " ")
        if words.count == 1, ids.contains(joined) { return joined }
        let parts = joined.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            let method = parts[0].uppercased()
            let target = RequestTarget(uri: parts[1])
            var matches: [(id: String, pattern: PathPattern)] = []
            for endpoint in endpoints where endpoint.method == method {
                guard case .success(let pattern) = PathPattern.parse(endpoint.path) else { continue }
                // The pattern as written names its endpoint outright.
                if endpoint.path == parts[1] { return endpoint.id }
                if pattern.match(target.segments) != nil { matches.append((endpoint.id, pattern)) }
            }
            // A concrete path goes where the server would route it.
            if let best = matches.min(by: { $0.pattern.isMoreSpecific(than: $1.pattern) }) { return best.id }
        }
        // `GET /weathr` is a near miss of `GET /weather` as `wether` is of
        // `weather`. The path is compared alone (among the method's), so a
        // short one is not "near" every other for sharing the method.
        let near: String? =
            if parts.count == 2 {
                EditDistance.suggestion(
                    for: parts[1], among: endpoints.filter { $0.method == parts[0].uppercased() }.map(\.path)
                ).map { parts[0].uppercased() + " " + $0 }
            } else {
                EditDistance.suggestion(for: joined, among: ids)
            }
        let suggestion = near.map { " — did you mean '\($0)'?" } ?? ""
        throw Failure(
            description:
                "no endpoint '\(joined)'\(suggestion) (endpoints: \(ids.joined(separator: ", ")); or name one as 'METHOD /path')"
        )
    }
}
