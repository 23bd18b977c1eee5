import NIOCore
import NIOHTTP1
import SwitchboardCore

extension Responder {
    /// A control API call against this responder's panel and journal: one
    /// place for the socket's handler and the in-process answers to share.
    func control(head: HTTPRequestHead, body: ByteBuffer?, serverURL: String) -> ControlAPI.Response {
        let api = ControlAPI(
            panel: self.panel, journal: self.journal, serverURL: serverURL, answers: self.answers,
            takesToken: self.controlToken != nil)
        return api.handle(
            ControlAPI.Request(
                method: head.method, target: RequestTarget(uri: head.uri),
                body: body.map { Array($0.readableBytesView) } ?? []))
    }
}
