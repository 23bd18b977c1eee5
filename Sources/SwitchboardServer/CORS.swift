import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Lets a web app on another origin use the fake API, as browsers require:
/// preflights for routes that exist are answered, and every response to a
/// request with an `Origin` says that origin may read it.
enum CORS {
    /// A 204 for `OPTIONS` with `Access-Control-Request-Method`, when some
    /// endpoint takes that method on that path. Only the path counts: a
    /// preflight never carries the headers an endpoint may require (such as
    /// `Authorization`), the request that follows does.
    static func preflight(
        head: HTTPRequestHead, wanted: String, target: RequestTarget, snapshot: PanelSnapshot
    ) -> PreparedResponse? {
        let segments = target.segments
        let wanted = wanted.uppercased()
        var methods: [String] = []
        var endpointID: String?
        for endpoint in snapshot.manifest.endpoints where endpoint.path.match(segments) != nil {
            if !methods.contains(endpoint.method) { methods.append(endpoint.method) }
            if endpoint.method == wanted && endpointID == nil { endpointID = endpoint.id }
        }
        guard let endpointID else { return nil }
        var headers = HTTPHeaders([
            ("Access-Control-Allow-Methods", (methods + ["OPTIONS"]).joined(separator: ", ")),
            ("Access-Control-Allow-Headers", head.headers.first(name: "Access-Control-Request-Headers") ?? "*"),
            ("Access-Control-Max-Age", "600"), ("Content-Length", "0"),
        ])
        self.allow(head, in: &headers)
        var response = PreparedResponse(status: .noContent, headers: headers, body: ByteBuffer())
        response.endpointID = endpointID
        return response
    }

    /// Adds the allow-origin headers when the request came from a page and
    /// the manifest did not set them itself.
    static func allow(_ head: HTTPRequestHead, in headers: inout HTTPHeaders) {
        guard let origin = head.headers.first(name: "Origin"), !headers.contains(name: "Access-Control-Allow-Origin")
        else { return }
        headers.add(name: "Access-Control-Allow-Origin", value: origin)
        headers.add(name: "Access-Control-Allow-Credentials", value: "true")
        headers.add(name: "Access-Control-Expose-Headers", value: "*")
        headers.add(name: "Vary", value: "Origin")
    }
}
