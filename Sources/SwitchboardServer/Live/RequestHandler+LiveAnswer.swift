import NIOCore
import SwitchboardCore

/// A live answer that came whole is kept for recording (see `LiveAnswers`).
extension RequestHandler {
    func keepLiveAnswer(_ request: Request, _ response: PreparedResponse) {
        guard let live = self.live, let head = live.head else { return }
        let method = request.head.method.rawValue
        let manifest = self.responder.current.snapshot.manifest
        let endpoint = Self.endpoint(response, in: manifest)
        // The parts are joined when recorded, off the loop.
        let body = live.relayed <= LiveAnswers.bodyLimit ? live.body.parts : nil
        self.responder.answers.keep(
            LiveAnswers.Answer(
                method: method,
                pattern: endpoint?.path ?? PathGrouping.pattern(for: RequestTarget(uri: request.head.uri).segments),
                existingID: endpoint?.id, uri: request.head.uri, status: Int(head.status.code), head: head.headers,
                body: body, size: live.relayed))
    }

    /// The endpoint that answered: found by the index its decision used
    /// while the manifest is still the one it was made with, by id after a
    /// reload.
    private static func endpoint(_ response: PreparedResponse, in manifest: Manifest) -> EndpointDefinition? {
        guard let id = response.endpointID else { return nil }
        if let index = response.decision?.endpointIndex, manifest.endpoints.indices.contains(index),
            manifest.endpoints[index].id == id
        {
            return manifest.endpoints[index]
        }
        return manifest.endpointIndex(id: id).map { manifest.endpoints[$0] }
    }
}
