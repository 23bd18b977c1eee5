import NIOCore
import SwitchboardCore

/// A live answer that came whole is kept for recording (see `LiveAnswers`).
extension RequestHandler {
    func keepLiveAnswer(_ request: Request, _ response: PreparedResponse) {
        guard let live = self.live, let head = live.head else { return }
        let method = request.head.method.rawValue
        let segments = RequestTarget(uri: request.head.uri).segments
        let manifest = self.responder.current.snapshot.manifest
        let endpoint = response.endpointID.flatMap { id in manifest.endpointIndex(id: id).map { manifest.endpoints[$0] }
        }
        let pattern = endpoint?.path ?? PathGrouping.pattern(for: segments)
        // The parts are joined when recorded, off the loop.
        let body = live.relayed <= LiveAnswers.bodyLimit ? live.parts : nil
        self.responder.answers.keep(
            LiveAnswers.Answer(
                method: method, pattern: pattern,
                suggestedID: PathGrouping.endpointID(method: method, pattern: pattern),
                existingID: endpoint?.id, parameters: pattern.match(segments) ?? [:], status: Int(head.status.code),
                headers: head.headers.map { HeaderField(name: $0.name, value: $0.value) }, body: body,
                size: live.relayed))
    }
}
