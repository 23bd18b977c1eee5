import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore

/// Control API requests: checked for access, answered at once, and kept out
/// of the fake API's journal.
extension RequestHandler {
    func answerControl(_ request: Request, context: ChannelHandlerContext) {
        if request.bodySize > Self.controlBodyLimit {
            self.writeControl(
                ControlAPI.Response(
                    status: .payloadTooLarge,
                    body: ControlCoding.text(ControlProblem("control requests are limited to 1 MB"))),
                extraHeaders: [], request: request, context: context)
            self.clock.responseFinished(now: context.eventLoop.now)
            self.resume(context: context)
            return
        }
        let access = ControlAccess.check(
            head: request.head, remote: context.channel.remoteAddress, token: self.responder.controlToken)
        var extraHeaders: [(String, String)] = []
        let response: ControlAPI.Response
        switch access {
        case .allowed:
            let host = request.head.headers.first(name: "Host") ?? context.channel.localAddress.map(Self.hostPort) ?? ""
            let api = ControlAPI(
                panel: self.responder.panel, journal: self.responder.journal, serverURL: "http://\(host)")
            response = api.handle(
                ControlAPI.Request(
                    method: request.head.method, target: RequestTarget(uri: request.head.uri),
                    body: request.body.map { Array($0.readableBytesView) } ?? []))
        case .badToken:
            extraHeaders.append(("WWW-Authenticate", #"Bearer realm="switchboard""#))
            response = ControlAPI.Response(
                status: .unauthorized,
                body: ControlCoding.text(
                    ControlProblem(
                        "the control API needs the header 'Authorization: Bearer <token>' with the token given to --control-token"
                    ))
            )
        case .foreignHost:
            response = ControlAPI.Response(
                status: .forbidden,
                body: ControlCoding.text(
                    ControlProblem(
                        "the control API answers requests for 127.0.0.1, [::1] or localhost only, not for another host name (as a DNS-rebinding web page would send); start Switchboard with --control-token to allow others"
                    ))
            )
        case .fromWebPage:
            response = ControlAPI.Response(
                status: .forbidden,
                body: ControlCoding.text(
                    ControlProblem(
                        "the control API does not answer web pages (this request carries a browser's Origin or Sec-Fetch-Site header); call it from a program such as curl or the switchboard CLI, or start Switchboard with --control-token and send 'Authorization: Bearer <token>'"
                    ))
            )
        case .notLoopback:
            response = ControlAPI.Response(
                status: .forbidden,
                body: ControlCoding.text(
                    ControlProblem(
                        "the control API answers clients on this machine only; start Switchboard with --control-token to allow others"
                    ))
            )
        }
        if let export = response.export {
            self.streamExport(export, request: request, context: context)
            return
        }
        self.writeControl(response, extraHeaders: extraHeaders, request: request, context: context)
        self.clock.responseFinished(now: context.eventLoop.now)
        self.resume(context: context)
    }

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
        if request.keepAlive {
            context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    static func hostPort(_ address: SocketAddress) -> String {
        let ip = address.ipAddress ?? "127.0.0.1"
        return (ip.contains(":") ? "[\(ip)]" : ip) + ":" + String(address.port ?? 0)
    }
}
