import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to a running Switchboard's control API, for the `status`, `set`,
/// `scenario` and `reset` commands.
struct ControlClient {
    let base: URL
    let token: String?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends one request and returns the decoded JSON, or throws a one-sentence
    /// failure.
    func send(_ method: String, _ path: String, json: [String: Any]? = nil) throws -> Any {
        var request = URLRequest(url: self.base.appendingPathComponent("__switchboard").appendingPathComponent(path))
        request.httpMethod = method
        request.timeoutInterval = 10
        if let token = self.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let session = URLSession(configuration: .ephemeral)
        session.dataTask(with: request) { data, response, error in
            outcome.set(data: data, response: response as? HTTPURLResponse, error: error)
            done.signal()
        }.resume()
        done.wait()
        let (data, response, error) = outcome.get()
        let address = "\(self.base.host ?? "127.0.0.1"):\(self.base.port ?? 80)"
        if let error = error as? URLError {
            switch error.code {
            case .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .timedOut:
                throw Failure(
                    description: "nothing is listening on \(address) — start it with `switchboard` (or pass --url)")
            default:
                throw Failure(description: "cannot reach \(address): \(error.localizedDescription)")
            }
        }
        guard let response, let data else { throw Failure(description: "no answer from \(address)") }
        let body = try? JSONSerialization.jsonObject(with: data)
        guard (200..<300).contains(response.statusCode) else {
            if response.statusCode == 404, body == nil || (body as? [String: Any])?["error"] == nil {
                throw Failure(description: "\(address) answers, but it is not Switchboard (no control API there)")
            }
            let message = (body as? [String: Any])?["error"] as? String ?? "HTTP \(response.statusCode)"
            throw Failure(description: message)
        }
        guard let body else { throw Failure(description: "\(address) sent something that is not JSON") }
        return body
    }

    /// The endpoint id that `words` name: an id, or `METHOD PATH` where PATH
    /// is the manifest's pattern or a concrete path it matches.
    func resolveEndpoint(_ words: [String]) throws -> String {
        let panel = try self.send("GET", "endpoints") as? [String: Any] ?? [:]
        let endpoints = panel["endpoints"] as? [[String: Any]] ?? []
        let ids = endpoints.compactMap { $0["id"] as? String }
        let joined = words.joined(separator: " ")
        if words.count == 1, ids.contains(joined) { return joined }
        let parts = joined.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            let method = parts[0].uppercased()
            let target = RequestTarget(uri: parts[1])
            var matches: [(id: String, pattern: PathPattern)] = []
            for endpoint in endpoints where (endpoint["method"] as? String) == method {
                guard let id = endpoint["id"] as? String, let text = endpoint["path"] as? String,
                    case .success(let pattern) = PathPattern.parse(text)
                else { continue }
                // The pattern as written names its endpoint outright.
                if text == parts[1] { return id }
                if pattern.match(target.segments) != nil { matches.append((id, pattern)) }
            }
            // A concrete path goes where the server would route it.
            if let best = matches.min(by: { $0.pattern.isMoreSpecific(than: $1.pattern) }) { return best.id }
        }
        let suggestion = EditDistance.suggestion(for: joined, among: ids).map { " — did you mean '\($0)'?" } ?? ""
        throw Failure(
            description:
                "no endpoint '\(joined)'\(suggestion) (endpoints: \(ids.joined(separator: ", ")); or name one as 'METHOD /path')"
        )
    }
}

/// The result of a data task, handed from URLSession's thread to ours.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: HTTPURLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: HTTPURLResponse?, error: (any Error)?) {
        self.lock.withLock {
            self.data = data
            self.response = response
            self.error = error
        }
    }

    func get() -> (Data?, HTTPURLResponse?, (any Error)?) {
        self.lock.withLock { (self.data, self.response, self.error) }
    }
}
