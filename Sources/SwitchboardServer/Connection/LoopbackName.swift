#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which names and addresses mean "this machine".
///
/// Only what cannot point anywhere else counts: a literal loopback address
/// (127.0.0.0/8, `::1`, `::ffff:127.x.y.z`), `localhost` and `*.localhost`
/// (which browsers resolve to loopback themselves). A DNS name is never
/// judged by its text: `127.0.0.1.evil.example` is whatever its owner makes
/// it resolve to, which is what DNS rebinding relies on.
enum LoopbackName {
    /// A literal IP address (no brackets, no port) in loopback space.
    static func isLoopbackAddress(_ text: some StringProtocol) -> Bool {
        if let octets = self.ipv4(text) { return octets[0] == 127 }
        guard text.contains(":") else { return false }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard String(text).withCString({ inet_pton(AF_INET6, $0, &bytes) }) == 1 else { return false }
        let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        return bytes == loopback || (bytes.prefix(12).elementsEqual(mappedPrefix) && bytes[12] == 127)
    }

    /// A host name (no brackets, no port) that can only mean this machine.
    static func isLoopbackHost(_ host: some StringProtocol) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || (name.hasSuffix(".localhost") && name.count > ".localhost".count)
            || self.isLoopbackAddress(name)
    }

    /// The host of an authority (`Host` header value, URL authority):
    /// `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `::1`. Nil when it is
    /// not `host[:port]`, so that anything odd is refused, not guessed at.
    static func host(ofAuthority authority: some StringProtocol) -> Substring? {
        let text = Substring(authority)
        let host: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            rest = text[text.index(after: close)...]
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            rest = text[colon...]
        } else {
            host = text
            rest = ""
        }
        guard !host.isEmpty, !host.contains(where: { "/@?#[] ".contains($0) }) else { return nil }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == ":", port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return host
    }

    /// Four decimal octets 0–255 and nothing else: no leading zeros (which
    /// some parsers read as octal), no shortened forms like `127.1`.
    static func ipv4(_ text: some StringProtocol) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part.count == 1 || part.first != "0", let value = UInt8(part)
            else { return nil }
            octets.append(value)
        }
        return octets
    }
}
