import NIOHTTP1
import SwitchboardCore

/// The headers a request carries to the upstream, and those its answer
/// carries back: everything as sent, except what belongs to one hop.
enum UpstreamHeaders {
    /// RFC 9110 §7.6.1's connection-specific fields, plus the `Proxy-*`
    /// family; `Host` is the upstream's own. Any case, without making a
    /// lower-cased copy: this runs for every field of every live exchange.
    static func isHopByHop(_ name: String) -> Bool {
        switch name.utf8.count {
        case 2: name.isNamed("te")
        case 7: name.isNamed("trailer") || name.isNamed("upgrade") || name.hasNamePrefix("proxy-")
        case 10: name.isNamed("connection") || name.isNamed("keep-alive") || name.hasNamePrefix("proxy-")
        case 17: name.isNamed("transfer-encoding") || name.hasNamePrefix("proxy-")
        default: name.hasNamePrefix("proxy-")
        }
    }

    /// The fields that `Connection` names, lower-cased: hop-by-hop too.
    /// `keep-alive` and `close` name no field, so the usual answer is none.
    static func namedByConnection(_ headers: HTTPHeaders) -> [String] {
        var names: [String] = []
        for (name, list) in headers where name.isNamed("connection") {
            // The usual value, and the one a keep-alive upstream sends on
            // every answer: no list to split (8,700 instructions a request).
            if list.isNamed("keep-alive") || list.isNamed("close") { continue }
            for element in list.split(separator: ",") {
                let token = element.trimmingASCIISpaces
                if !token.isEmpty && !token.isNamed("keep-alive") && !token.isNamed("close") {
                    names.append(token.lowercased())
                }
            }
        }
        return names
    }

    /// Whether a field is dropped on the way: hop-by-hop, or named by
    /// `Connection`.
    private static func drops(_ name: String, named: [String]) -> Bool {
        self.isHopByHop(name) || (!named.isEmpty && named.contains { name.isNamed($0) })
    }

    /// The request's headers for the upstream: hop-by-hop ones dropped,
    /// `Host` the upstream's, and `X-Forwarded-For`/`-Proto`/`-Host` saying
    /// who asked whom. `-Proto` and `-Host` are what Switchboard itself saw
    /// (plain `http`, the client's `Host`), never the client's own claim;
    /// `-For` appends to any earlier proxies', unless `Connection` names it.
    static func request(_ headers: HTTPHeaders, upstream: UpstreamURL, client: String?) -> HTTPHeaders {
        let named = self.namedByConnection(headers)
        var out = HTTPHeaders()
        out.reserveCapacity(headers.count + 4)
        var originalHost: String?
        for (name, value) in headers {
            if name.isNamed("host") {
                originalHost = originalHost ?? value
                continue
            }
            if self.drops(name, named: named) { continue }
            if name.hasNamePrefix("x-forwarded-")
                && (name.isNamed("x-forwarded-for") || name.isNamed("x-forwarded-proto")
                    || name.isNamed("x-forwarded-host"))
            {
                continue
            }
            // The client frames the body it sends again: length or chunks.
            if name.isNamed("content-length") { continue }
            out.add(name: name, value: value)
        }
        out.add(name: "Host", value: upstream.authority)
        let earlier =
            named.contains("x-forwarded-for") ? [] : headers[canonicalForm: "x-forwarded-for"].map(String.init)
        if let client {
            out.add(name: "X-Forwarded-For", value: (earlier + [client]).joined(separator: ", "))
        } else if !earlier.isEmpty {
            out.add(name: "X-Forwarded-For", value: earlier.joined(separator: ", "))
        }
        out.add(name: "X-Forwarded-Proto", value: "http")
        if let originalHost { out.add(name: "X-Forwarded-Host", value: originalHost) }
        return out
    }

    /// The upstream's answer for the client: unchanged but for hop-by-hop
    /// fields, which describe the upstream's connection, not ours. The
    /// encoder frames the body again (length or chunks) for our client.
    static func response(_ headers: HTTPHeaders) -> HTTPHeaders {
        let named = self.namedByConnection(headers)
        // One pass: the fields are looked at once, and copied only from the
        // first that is dropped (a keep-alive upstream's `Connection`).
        var out: HTTPHeaders?
        for (index, field) in headers.enumerated() {
            if self.drops(field.name, named: named) {
                if out == nil {
                    var kept = HTTPHeaders()
                    kept.reserveCapacity(headers.count)
                    for earlier in headers.prefix(index) { kept.add(name: earlier.name, value: earlier.value) }
                    out = kept
                }
            } else {
                out?.add(name: field.name, value: field.value)
            }
        }
        return out ?? headers
    }
}

extension StringProtocol {
    /// Equal to `lowercased`, an ASCII lower-case field name, in any case.
    fileprivate func isNamed(_ lowercased: String) -> Bool {
        self.utf8.count == lowercased.utf8.count && self.hasNamePrefix(lowercased)
    }

    /// Starts with `lowercased`, an ASCII lower-case prefix, in any case.
    fileprivate func hasNamePrefix(_ lowercased: String) -> Bool {
        var mine = self.utf8.makeIterator()
        for expected in lowercased.utf8 {
            guard let byte = mine.next() else { return false }
            // ASCII letters differ from their capitals by one bit.
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard folded == expected else { return false }
        }
        return true
    }

    /// Without spaces and tabs at either end, as list elements are written.
    fileprivate var trimmingASCIISpaces: Substring {
        let isSpace = { (c: Character) in c == " " || c == "\t" }
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = text.lastIndex(where: { !isSpace($0) })!
        return text[first...last]
    }
}
