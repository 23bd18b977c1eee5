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

    init(receiver: any UpstreamReceiver) {
        self.receiver = receiver
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
        self.receiver.failed(UpstreamFailure(classifying: error))
    }
}
