import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

extension InProcessAnswers {
    /// Whether `target` is the control API's (`/__switchboard/…`): answered
    /// by ``control(method:target:body:)``, not ``answer(method:target:headers:body:)``.
    public static func isControl(_ target: String) -> Bool {
        ControlAPI.addresses(target)
    }

    /// A control call from this process (SwitchboardKit's `Switchboard` as
    /// `SwitchboardControlling`, or a request its URLSession sends to
    /// `/__switchboard/…`), answered by the same dispatch as the socket's
    /// from the loopback address: the heavy calls on NIO's thread pool, an
    /// export collected whole, a long poll waited out on the journal. Kept
    /// out of the journal, as the server keeps it.
    public func control(method: String, target: String, body: [UInt8]) async -> InProcessAnswer {
        let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: target)
        let request = InProcessAnswer.Request(
            head: head, body: body.isEmpty ? nil : ByteBuffer(bytes: body), bodySize: body.count,
            arrived: .now(), wallTime: WallClock.now())
        var response = self.responder.control(
            head: head, body: request.body, serverURL: "http://switchboard.invalid")
        if let later = response.later {
            // The singleton pool is never shut down; were it, the work is done here.
            response = (try? await NIOThreadPool.singleton.runIfActive(later)) ?? later()
        }
        var text = response.body
        if let export = response.export {
            if let wait = response.waitUpTo {
                _ = await self.responder.arrivals.wait(for: .nanoseconds(wait.nanoseconds)) {
                    var scanned = 0
                    return export.hasEntry(scanned: &scanned)
                }
            }
            text = (try? await NIOThreadPool.singleton.runIfActive { export.collect() }) ?? export.collect()
        }
        let bytes = ByteBuffer(string: text)
        let headers = HTTPHeaders(
            [
                ("Content-Type", response.contentType), ("Content-Length", String(bytes.readableBytes)),
                ("Cache-Control", "no-store"),
            ] + response.headers)
        let prepared = PreparedResponse(status: response.status, headers: headers, body: bytes)
        return InProcessAnswer(request: request, prepared: prepared, cors: false, isControl: true)
    }
}
