import NIOHTTP1

/// RFC 9112 §3.2: an HTTP/1.1 request carries exactly one `Host` header, and
/// no request carries two. A request that breaks this is answered 400: two
/// Host headers let two parts of a chain disagree about the host (what the
/// control API's rebinding check relies on), and none means a client too
/// broken to trust with anything else.
enum HostHeaderRule {
    /// Why the request must be refused, or nil when its Host headers are fine.
    static func problem(in head: HTTPRequestHead) -> String? {
        var count = 0
        for (name, _) in head.headers where Self.isHost(name) { count += 1 }
        if count > 1 { return "more than one Host header" }
        if count == 0 && head.version.major == 1 && head.version.minor >= 1 {
            return "an HTTP/1.1 request needs a Host header"
        }
        return nil
    }

    /// Compared byte by byte: this runs for every request, and lowercasing
    /// each header name would allocate.
    private static func isHost(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.count == 4 else { return false }
        // Over the contiguous bytes a header name has: zipping two UTF-8
        // views costs some hundred instructions a header.
        if let host = utf8.withContiguousStorageIfAvailable({ bytes in
            bytes[0] | 0x20 == UInt8(ascii: "h") && bytes[1] | 0x20 == UInt8(ascii: "o")
                && bytes[2] | 0x20 == UInt8(ascii: "s") && bytes[3] | 0x20 == UInt8(ascii: "t")
        }) {
            return host
        }
        return zip(utf8, "host".utf8).allSatisfy { $0 | 0x20 == $1 }
    }
}
