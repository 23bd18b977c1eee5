import NIOCore
import NIOHTTP1
import NIOPosix
import SwitchboardControl
import SwitchboardCore

/// One control API request on a connection, from its access check to its
/// answer: checked, answered at once (or, for the heavy ones, once NIO's
/// thread pool has worked them out), an export streamed in chunks, or a
/// long poll held until the journal has a match. Kept out of the fake
/// API's journal. The handler owns it while it runs and forwards the
/// connection's going away (`stop`).
final class ControlExchange {
    typealias Request = ConnectionStateMachine.Request

    let request: Request
    let responder: Responder
    let writer: AnswerWriter
    let context: ChannelHandlerContext
    /// The long poll being held, while there is one.
    var poll: LongPoll?

    init(_ request: Request, responder: Responder, writer: AnswerWriter, context: ChannelHandlerContext) {
        self.request = request
        self.responder = responder
        self.writer = writer
        self.context = context
    }

    func start() {
        let (request, context) = (self.request, self.context)
        if request.bodySize > ConnectionStateMachine.controlBodyLimit {
            self.write(Self.tooLarge, extraHeaders: [])
            return
        }
        let access = ControlAccess.check(
            head: request.head, remote: context.channel.remoteAddress, token: self.responder.controlToken)
        switch access {
        case .allowed:
            let host = request.head.headers.first(name: "Host") ?? context.channel.localAddress.map(Self.hostPort) ?? ""
            let response = self.responder.control(head: request.head, body: request.body, serverURL: "http://\(host)")
            guard let later = response.later else {
                self.answer(with: response)
                return
            }
            NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop, later).assumeIsolated().whenComplete {
                result in
                guard context.channel.isActive else { return }
                guard case .success(let response) = result else {
                    context.close(promise: nil)
                    return
                }
                self.answer(with: response)
            }
        case .badToken:
            self.write(Self.badToken, extraHeaders: [("WWW-Authenticate", #"Bearer realm="switchboard""#)])
        case .foreignHost:
            self.write(Self.foreignHost, extraHeaders: [])
        case .fromWebPage:
            self.write(Self.fromWebPage, extraHeaders: [])
        case .notLoopback:
            self.write(Self.notLoopback, extraHeaders: [])
        }
    }

    private func answer(with response: ControlAPI.Response) {
        if let export = response.export, let wait = response.waitUpTo {
            self.hold(export, for: wait)
        } else if let export = response.export {
            self.stream(export)
        } else {
            self.write(response, extraHeaders: response.headers)
        }
    }

    private static let tooLarge = ControlAPI.Response.refusal(
        .payloadTooLarge, .controlBodyTooLarge, "control requests are limited to 1 MB")
    private static let badToken = ControlAPI.Response.refusal(
        .unauthorized, .tokenRequired,
        "the control API needs the header 'Authorization: Bearer <token>' with the token given to --control-token")
    private static let foreignHost = ControlAPI.Response.refusal(
        .forbidden, .foreignHost,
        "the control API answers requests for 127.0.0.1, [::1] or localhost only, not for another host name (as a DNS-rebinding web page would send); start Switchboard with --control-token to allow others"
    )
    private static let fromWebPage = ControlAPI.Response.refusal(
        .forbidden, .fromWebPage,
        "the control API does not answer web pages (this request carries a browser's Origin or Sec-Fetch-Site header); call it from a program such as curl or the switchboard CLI, or start Switchboard with --control-token and send 'Authorization: Bearer <token>'"
    )
    private static let notLoopback = ControlAPI.Response.refusal(
        .forbidden, .notLoopback,
        "the control API answers clients on this machine only; start Switchboard with --control-token to allow others")

    private func write(_ response: ControlAPI.Response, extraHeaders: [(String, String)]) {
        let (request, context) = (self.request, self.context)
        let body = ByteBuffer(string: response.body)
        var headers = HTTPHeaders([
            ("Content-Type", response.contentType), ("Content-Length", String(body.readableBytes)),
            ("Cache-Control", "no-store"),
        ])
        headers.add(contentsOf: extraHeaders)
        if !request.keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: request.head.version, status: response.status, headers: headers)
        context.write(AnswerWriter.part(.head(head)), promise: nil)
        if request.head.method != .HEAD {
            context.write(AnswerWriter.part(.body(.byteBuffer(body))), promise: nil)
        }
        self.writer.writeEnd(keepAlive: request.keepAlive, context: context)
    }

    static func hostPort(_ address: SocketAddress) -> String {
        let ip = address.ipAddress ?? "127.0.0.1"
        return (ip.contains(":") ? "[\(ip)]" : ip) + ":" + String(address.port ?? 0)
    }
}
