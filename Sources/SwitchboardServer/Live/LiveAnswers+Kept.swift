import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A live answer that came whole, kept for recording (see `LiveAnswers`).
extension LiveAnswers.Answer {
    /// `nil` when the upstream's head never came.
    init?(
        _ exchange: LiveExchange, for head: HTTPRequestHead, _ response: PreparedResponse, in manifest: Manifest
    ) {
        guard let answered = exchange.head else { return nil }
        let endpoint = Self.endpoint(response, in: manifest)
        // The parts are joined when recorded, off the loop.
        let body = exchange.relayed <= LiveAnswers.bodyLimit ? exchange.body.parts : nil
        self.init(
            method: head.method.rawValue,
            pattern: endpoint?.path ?? PathGrouping.pattern(for: RequestTarget(uri: head.uri).segments),
            existingID: endpoint?.id, uri: head.uri, status: Int(answered.status.code), head: answered.headers,
            body: body, size: exchange.relayed)
    }

    /// The endpoint that answered: found by the index its decision used
    /// while the manifest is still the one it was made with, by id after a
    /// reload.
    private static func endpoint(_ response: PreparedResponse, in manifest: Manifest) -> EndpointDefinition? {
        guard let id = response.notes.endpointID else { return nil }
        if let index = response.notes.decision?.endpointIndex, manifest.endpoints.indices.contains(index),
            manifest.endpoints[index].id == id
        {
            return manifest.endpoints[index]
        }
        return manifest.endpointIndex(id: id).map { manifest.endpoints[$0] }
    }
}
