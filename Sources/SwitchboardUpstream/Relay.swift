import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import SwitchboardServer

/// AsyncHTTPClient's events for one request, handed to the server's
/// receiver as they come, with its errors sorted into the causes a person
/// acts on.
final class Relay: HTTPClientResponseDelegate {
    typealias Response = Void

    private let receiver: any UpstreamReceiver
    private let host: String
    /// Says why the TLS layer refused the upstream's certificates (on the
    /// receiver's loop); `nil` for plain HTTP.
    private let diagnose: (@Sendable () -> EventLoopFuture<UpstreamFailure>)?

    init(
        receiver: any UpstreamReceiver, host: String,
        diagnose: (@Sendable () -> EventLoopFuture<UpstreamFailure>)? = nil
    ) {
        self.receiver = receiver
        self.host = host
        self.diagnose = diagnose
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.receiver.head(head)
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        self.receiver.bodyPart(buffer)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        self.receiver.end()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        if let diagnose = self.diagnose, UpstreamFailure.refusesChain(error) {
            let receiver = self.receiver
            diagnose().whenSuccess { receiver.failed($0) }
            return
        }
        self.receiver.failed(UpstreamFailure(classifying: error, host: self.host))
    }
}
