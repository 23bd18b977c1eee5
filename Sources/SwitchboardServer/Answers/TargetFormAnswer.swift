import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The request forms that name no resource of the API, answered here and
/// never sent to an upstream: `CONNECT host:port` asks for a tunnel, and
/// `OPTIONS *` asks about the server itself (RFC 9110 §9.3.6, §9.3.7).
enum TargetFormAnswer {
    /// The methods Switchboard answers, for `Allow`.
    static let allowed = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"

    /// The answer to a `CONNECT` or an asterisk-form request; `nil` for
    /// any other (two byte compares: this runs for every request).
    static func answer(_ head: HTTPRequestHead) -> PreparedResponse? {
        // Pattern matches: `==` on `HTTPMethod` compares raw value strings.
        if case .CONNECT = head.method {
            return self.json(
                .methodNotAllowed,
                ErrorBody.text(
                    .connectNotProxied,
                    "CONNECT is not proxied: Switchboard stands in front of one API and opens no tunnels"))
        }
        guard head.uri.utf8.first == UInt8(ascii: "*") else { return nil }
        guard case .OPTIONS = head.method else {
            return self.json(
                .badRequest,
                ErrorBody.text(.asteriskNotOptions, "the target '*' is for OPTIONS only; other requests name a path"))
        }
        return self.json(
            .ok, #"{"message":"OPTIONS * asks about this server: Switchboard answers it and does not pass it on"}"#)
    }

    private static func json(_ status: HTTPResponseStatus, _ text: String) -> PreparedResponse {
        let body = ByteBuffer(string: text)
        var headers = UnmatchedResponse.headers(length: body.readableBytes)
        headers.add(name: "Allow", value: self.allowed)
        return PreparedResponse(status: status, headers: headers, body: body)
    }
}
