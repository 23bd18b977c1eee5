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
        response.notes.endpointID = endpointID
        return response
    }

    /// Adds the allow-origin headers when the request came from a page and
    /// the manifest did not set them itself.
    ///
    /// The exposed headers are named one by one: with credentials allowed,
    /// browsers read `Access-Control-Expose-Headers: *` as a header literally
    /// called `*`, and a page sending cookies could not read `Retry-After`
    /// or `WWW-Authenticate`.
    static func allow(_ head: HTTPRequestHead, in headers: inout HTTPHeaders) {
        guard let origin = head.headers.first(name: "Origin"), !headers.contains(name: "Access-Control-Allow-Origin")
        else { return }
        let exposed = self.exposedNames(headers)
        headers.add(name: "Access-Control-Allow-Origin", value: origin)
        headers.add(name: "Access-Control-Allow-Credentials", value: "true")
        if !exposed.isEmpty { headers.add(name: "Access-Control-Expose-Headers", value: exposed) }
        headers.add(name: "Vary", value: "Origin")
    }

    /// `allow` for a live answer: only for a page served from this machine
    /// (a dev server on a loopback origin, any port), and only when the
    /// upstream said nothing about CORS itself. Any other page reading the
    /// real API through Switchboard, with the user's cookies, would be a
    /// hole the real API closed.
    static func allowLive(_ head: HTTPRequestHead, in headers: inout HTTPHeaders) {
        guard let origin = head.headers.first(name: "Origin"), self.isLoopbackOrigin(origin),
            !headers.contains(where: { $0.name.lowercased().hasPrefix("access-control-") })
        else { return }
        self.allow(head, in: &headers)
    }

    /// `http(s)://` and a host that can only be this machine (`localhost`,
    /// 127.0.0.0/8, `[::1]`), with any port.
    static func isLoopbackOrigin(_ origin: String) -> Bool {
        let authority: Substring
        if origin.hasPrefix("http://") {
            authority = origin.dropFirst("http://".count)
        } else if origin.hasPrefix("https://") {
            authority = origin.dropFirst("https://".count)
        } else {
            return false
        }
        guard let host = LoopbackName.host(ofAuthority: authority) else { return false }
        return LoopbackName.isLoopbackHost(host)
    }

    /// The response's header names a page could not read without being
    /// told: all but the CORS-safelisted ones, each once.
    static func exposedNames(_ headers: HTTPHeaders) -> String {
        var names: [String] = []
        var seen: Set<String> = []
        for (name, _) in headers {
            let lowered = name.lowercased()
            guard !self.safelisted.contains(lowered), !lowered.hasPrefix("access-control-"),
                seen.insert(lowered).inserted
            else { continue }
            names.append(name)
        }
        return names.joined(separator: ", ")
    }

    /// Response headers every page may read (the Fetch standard's
    /// CORS-safelisted response-header names).
    static let safelisted: Set<String> = [
        "cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma",
    ]
}
