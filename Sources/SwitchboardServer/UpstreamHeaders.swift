import NIOHTTP1
import SwitchboardCore

/// The headers a request carries to the upstream, and those its answer
/// carries back: everything as sent, except what belongs to one hop.
enum UpstreamHeaders {
    /// RFC 9110 §7.6.1's connection-specific fields, plus the `Proxy-*`
    /// family; `Host` is the upstream's own.
    static func isHopByHop(_ name: String) -> Bool {
        switch name.lowercased() {
        case "connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade", "proxy-connection",
            "proxy-authenticate", "proxy-authorization":
            true
        default:
            name.lowercased().hasPrefix("proxy-")
        }
    }

    /// The fields that `Connection` names, lower-cased: hop-by-hop too.
    static func namedByConnection(_ headers: HTTPHeaders) -> Set<String> {
        var names = Set<String>()
        for value in headers[canonicalForm: "connection"] {
            names.insert(value.trimmingCharacters(in: .whitespaces).lowercased())
        }
        return names
    }

    /// The request's headers for the upstream: hop-by-hop ones dropped,
    /// `Host` the upstream's, and `X-Forwarded-For`/`-Proto`/`-Host` saying
    /// who asked whom (appended to any that an earlier proxy set).
    static func request(_ headers: HTTPHeaders, upstream: UpstreamURL, client: String?) -> HTTPHeaders {
        let named = self.namedByConnection(headers)
        var out = HTTPHeaders()
        out.reserveCapacity(headers.count + 4)
        var originalHost: String?
        for (name, value) in headers {
            let lowered = name.lowercased()
            if lowered == "host" {
                originalHost = originalHost ?? value
                continue
            }
            if self.isHopByHop(lowered) || named.contains(lowered) { continue }
            if lowered == "x-forwarded-for" || lowered == "x-forwarded-proto" || lowered == "x-forwarded-host" {
                continue
            }
            // The client frames the body it sends again: length or chunks.
            if lowered == "content-length" { continue }
            out.add(name: name, value: value)
        }
        out.add(name: "Host", value: upstream.authority)
        let earlier = headers[canonicalForm: "x-forwarded-for"].map(String.init)
        if let client {
            out.add(name: "X-Forwarded-For", value: (earlier + [client]).joined(separator: ", "))
        } else if !earlier.isEmpty {
            out.add(name: "X-Forwarded-For", value: earlier.joined(separator: ", "))
        }
        out.add(name: "X-Forwarded-Proto", value: headers.first(name: "X-Forwarded-Proto") ?? "http")
        if let host = headers.first(name: "X-Forwarded-Host") ?? originalHost {
            out.add(name: "X-Forwarded-Host", value: host)
        }
        return out
    }

    /// The upstream's answer for the client: unchanged but for hop-by-hop
    /// fields, which describe the upstream's connection, not ours. The
    /// encoder frames the body again (length or chunks) for our client.
    static func response(_ headers: HTTPHeaders) -> HTTPHeaders {
        let named = self.namedByConnection(headers)
        var out = HTTPHeaders()
        out.reserveCapacity(headers.count)
        for (name, value) in headers {
            let lowered = name.lowercased()
            if self.isHopByHop(lowered) || named.contains(lowered) { continue }
            out.add(name: name, value: value)
        }
        return out
    }
}
