import NIOCore
import NIOHTTP1
import NIOPosix
import SwitchboardControl
import SwitchboardCore

/// Control API requests: checked for access, answered at once (or, for the
/// heavy ones, once NIO's thread pool has worked them out), and kept out of
/// the fake API's journal.
extension RequestHandler {
    func answerControl(_ request: Request, context: ChannelHandlerContext) {
        if request.bodySize > ConnectionStateMachine.controlBodyLimit {
            self.writeControl(Self.tooLarge, extraHeaders: [], request: request, context: context)
            return
        }
        let access = ControlAccess.check(
            head: request.head, remote: context.channel.remoteAddress, token: self.responder.controlToken)
        switch access {
        case .allowed:
            let host = request.head.headers.first(name: "Host") ?? context.channel.localAddress.map(Self.hostPort) ?? ""
            let response = self.responder.control(head: request.head, body: request.body, serverURL: "http://\(host)")
            guard let later = response.later else {
                self.answerControl(request, with: response, context: context)
                return
            }
            NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop, later).assumeIsolated().whenComplete {
                result in
                guard context.channel.isActive else { return }
                guard case .success(let response) = result else {
                    context.close(promise: nil)
                    return
                }
                self.answerControl(request, with: response, context: context)
            }
        case .badToken:
            self.writeControl(
                Self.badToken, extraHeaders: [("WWW-Authenticate", #"Bearer realm="switchboard""#)], request: request,
                context: context)
        case .foreignHost:
            self.writeControl(Self.foreignHost, extraHeaders: [], request: request, context: context)
        case .fromWebPage:
            self.writeControl(Self.fromWebPage, extraHeaders: [], request: request, context: context)
        case .notLoopback:
            self.writeControl(Self.notLoopback, extraHeaders: [], request: request, context: context)
        }
    }

    private func answerControl(
        _ request: Request, with response: ControlAPI.Response, context: ChannelHandlerContext
    ) {
        if let export = response.export, let wait = response.waitUpTo {
            self.holdExport(export, for: wait, request: request, context: context)
        } else if let export = response.export {
            self.streamExport(export, request: request, context: context)
        } else {
            self.writeControl(response, extraHeaders: response.headers, request: request, context: context)
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

    private func writeControl(
        _ response: ControlAPI.Response, extraHeaders: [(String, String)], request: Request,
        context: ChannelHandlerContext
    ) {
        let body = ByteBuffer(string: response.body)
        var headers = HTTPHeaders([
            ("Content-Type", response.contentType), ("Content-Length", String(body.readableBytes)),
            ("Cache-Control", "no-store"),
        ])
        headers.add(contentsOf: extraHeaders)
        if !request.keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: request.head.version, status: response.status, headers: headers)
        context.write(self.wrapOutboundOut(.head(head)), promise: nil)
        if request.head.method != .HEAD {
            context.write(self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        self.writeEnd(keepAlive: request.keepAlive, context: context)
    }

    static func hostPort(_ address: SocketAddress) -> String {
        let ip = address.ipAddress ?? "127.0.0.1"
        return (ip.contains(":") ? "[\(ip)]" : ip) + ":" + String(address.port ?? 0)
    }
}
