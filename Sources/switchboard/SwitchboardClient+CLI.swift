import Foundation
import SwitchboardClient
import SwitchboardControl
import SwitchboardCore

/// What the `status`, `set`, `scenario`, `reset` and `record` commands add
/// to `SwitchboardClient`: finding an endpoint by what was typed, and
/// their failures as one sentence for a person at a terminal.
extension SwitchboardClient {
    /// A client for the commands: changes are marked as the CLI's in the
    /// server's log.
    static func commandLine(url: URL, token: String?) -> SwitchboardClient {
        var client = SwitchboardClient(url: url, token: token)
        client.changedBy = "cli"
        return client
    }

    /// The endpoints, for `EndpointLookup` to find one by what was typed.
    func endpointLookup() async throws -> EndpointLookup {
        EndpointLookup(
            try await self.status().endpoints.map {
                .init(id: $0.id, method: $0.method, path: $0.path, requirements: $0.requirements ?? 0)
            })
    }

    /// The endpoint id that `words` name (see `EndpointLookup`), or a
    /// failure saying what is near.
    func resolveEndpoint(_ words: [String]) async throws -> String {
        try Self.resolve(words, in: try await self.endpointLookup())
    }

    static func resolve(_ words: [String], in lookup: EndpointLookup) throws -> String {
        switch lookup.resolve(words.joined(separator: " ")) {
        case .success(let id): return id
        case .failure(let miss): throw CommandFailure(description: miss.description)
        }
    }

    /// `error` as the one sentence the CLI prints.
    func sentence(for error: SwitchboardError) -> String {
        let address = "\(self.url.host ?? "127.0.0.1"):\(self.url.port ?? 80)"
        switch error.urlError {
        case .cannotConnectToHost?, .cannotFindHost?, .networkConnectionLost?, .timedOut?:
            return "nothing is listening on \(address) — start it with `switchboard` (or pass --url)"
        default:
            break
        }
        if error.status == 404, error.code == nil {
            return "\(address) answers, but it is not Switchboard (no control API there)"
        }
        return error.message
    }
}

/// A command's failure, in one sentence.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
