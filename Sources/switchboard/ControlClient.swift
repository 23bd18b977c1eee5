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
                throw Failure(description: problem.message)
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

    /// The endpoints, for `EndpointLookup` to find one by what was typed.
    func endpointLookup() async throws -> EndpointLookup {
        EndpointLookup(try await self.panel().endpoints.map { .init(id: $0.id, method: $0.method, path: $0.path) })
    }

    /// The endpoint id that `words` name (see `EndpointLookup`), or a
    /// failure saying what is near.
    func resolveEndpoint(_ words: [String]) async throws -> String {
        try Self.resolve(words, in: try await self.endpointLookup())
    }

    static func resolve(_ words: [String], in lookup: EndpointLookup) throws -> String {
        switch lookup.resolve(words.joined(separator: " ")) {
        case .success(let id): return id
        case .failure(let miss): throw Failure(description: miss.description)
        }
    }
}
