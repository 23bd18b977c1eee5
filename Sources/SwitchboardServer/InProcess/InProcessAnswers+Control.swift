public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

extension InProcessAnswers {
    /// A control call from code in this process (SwitchboardKit's
    /// `Switchboard` as `SwitchboardControlling`), answered by the same
    /// dispatch as the socket's: the heavy calls on NIO's thread pool, an
    /// export collected whole, a long poll waited out on the journal.
    /// Returns the status and the body.
    public func control(method: String, target: String, body: [UInt8]) async -> (status: Int, body: Data) {
        let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: target)
        var response = self.responder.control(
            head: head, body: body.isEmpty ? nil : ByteBuffer(bytes: body), serverURL: "http://switchboard.invalid")
        if let later = response.later {
            // The singleton pool is never shut down; were it, the work is done here.
            response = (try? await NIOThreadPool.singleton.runIfActive(later)) ?? later()
        }
        guard let export = response.export else {
            return (Int(response.status.code), Data(response.body.utf8))
        }
        if let wait = response.waitUpTo {
            _ = await self.responder.arrivals.wait(for: .nanoseconds(wait.nanoseconds)) {
                var scanned = 0
                return export.hasEntry(scanned: &scanned)
            }
        }
        let collected = (try? await NIOThreadPool.singleton.runIfActive { export.collect() }) ?? export.collect()
        return (Int(response.status.code), Data(collected.utf8))
    }
}
