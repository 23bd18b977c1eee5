extension JournalEntry {
    /// One line of JSON: what `serve` prints per request (and what `--log`
    /// appends). Keys are stable; `null` where a value does not apply.
    /// Query credentials read `REDACTED` (see `appendJSON`).
    public var jsonLine: String { self.jsonLine(redact: true) }

    public func jsonLine(redact: Bool) -> String {
        var writer = JSONByteWriter()
        self.appendJSON(to: &writer, redact: redact)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// What answered the request, as the `serve` line and HAR's
    /// `_switchboard` write it (`Outcome.appendJSON`).
    func appendOutcome(to out: inout JSONByteWriter) {
        self.outcome.appendJSON(to: &out)
    }

    /// Appends the JSON object (no newline) to `out`.
    /// With `redact`, the values of query credentials (`CredentialNames`)
    /// read `REDACTED`: the line leaves the process, as a HAR file does.
    public func appendJSON(to out: inout [UInt8], redact: Bool = true) {
        var writer = JSONByteWriter()
        self.appendJSON(to: &writer, redact: redact)
        writer.append(to: &out)
    }

    /// The JSON object and a newline: one line of `serve`'s output or of
    /// `--log`.
    public func appendJSONLine(to out: inout JSONByteWriter, redact: Bool = true) {
        self.appendJSON(to: &out, redact: redact)
        out.append(UInt8(ascii: "\n"))
    }

    /// The JSON object, written straight into `out`'s bytes because `serve`
    /// prints one per request, at tens of thousands a second.
    public func appendJSON(to out: inout JSONByteWriter, redact: Bool = true) {
        self.appendRequestJSON(to: &out, redact: redact)
        self.outcome.appendLineJSON(to: &out)
        self.appendSequence(to: &out)
    }

    /// The JSON object and a newline, its outcome's part copied from
    /// `cache` when the entry shares the outcome of the last line it
    /// wrote: `serve` prints the requests of a remembered answer one after
    /// another.
    public func appendJSONLine(to out: inout JSONByteWriter, redact: Bool, reusing cache: inout JournalLineCache) {
        self.appendRequestJSON(to: &out, redact: redact)
        cache.append(self.outcome, to: &out)
        self.appendSequence(to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    /// The journal's number for it, which `record --request N` and the
    /// control API's `requests/N` take (entries made outside a journal have
    /// none), and the object's end.
    private func appendSequence(to out: inout JSONByteWriter) {
        if self.sequence > 0 {
            out.append(#","sequence":"#)
            out.appendInteger(self.sequence)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"time":…,"method":…,"path":…,"query":…,"status":…,"duration_ms":…`:
    /// the request's own part of the line.
    private func appendRequestJSON(to out: inout JSONByteWriter, redact: Bool) {
        out.append(#"{"time":""#)
        out.appendISO8601(self.time)
        out.append(#"","method":"#)
        // Nearly every request's: a compare of two small strings, not a scan.
        let method = self.method
        if method == "GET" { out.append(#""GET""#) } else { out.appendString(method) }
        out.append(#","path":"#)
        let target = self.target
        if Self.appendPlainTarget(target, redact: redact, to: &out) != true {
            var (path, query) = Self.split(target)
            // An absolute-form target may carry a userinfo.
            if redact, !query.isEmpty || !Self.startsWithSlash(path) {
                (path, query) = Self.split(CredentialNames.redactingURL(target))
            }
            out.appendString(path)
            out.append(#","query":"#)
            out.appendString(query)
        }
        out.append(#","status":"#)
        if let status = self.status.wireStatus {
            out.appendInteger(status)
        } else {
            out.append("null")
        }
        out.append(#","duration_ms":"#)
        out.appendMilliseconds(self.durationNanoseconds)
    }

    /// `"path","query":"query"` straight from the target's bytes, for the
    /// common target: a path, and a query only when nothing is redacted
    /// (most are a path with no query: one scan, and nothing to redact).
    /// `false` or `nil` for the others (an absolute-form target may carry
    /// a userinfo), written by `split` as characters, which a `?` followed
    /// by a combining mark would tell apart from bytes.
    private static func appendPlainTarget(_ target: String, redact: Bool, to out: inout JSONByteWriter) -> Bool? {
        target.utf8.withContiguousStorageIfAvailable { bytes in
            // Most: a plain path, no query (one pass over the bytes).
            if bytes.first == UInt8(ascii: "/"), out.appendPlain(bytes, without: UInt8(ascii: "?")) {
                out.append(#","query":"""#)
                return true
            }
            let mark = bytes.firstIndex(of: UInt8(ascii: "?"))
            guard bytes.count > 1 ? bytes[0] == UInt8(ascii: "/") && bytes[1] < 0x80 : bytes.first == UInt8(ascii: "/")
            else { return false }
            if let mark {
                guard !redact, mark + 1 == bytes.count || bytes[mark + 1] < 0x80 else { return false }
            }
            let end = mark ?? bytes.count
            out.appendString(utf8: UnsafeBufferPointer(rebasing: bytes[..<end]))
            out.append(#","query":"#)
            out.appendString(utf8: UnsafeBufferPointer(rebasing: bytes[min(end + 1, bytes.count)...]))
            return true
        }
    }

    /// `path.hasPrefix("/")`, which compares characters (a slash followed
    /// by a combining mark is not one) and costs a thousand instructions:
    /// answered from the first two bytes when the second is ASCII (no
    /// character goes on past an ASCII byte), which is every plain path.
    private static func startsWithSlash(_ path: Substring) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        guard let second = bytes.next(), second >= 0x80 else { return true }
        return path.hasPrefix("/")
    }

    private static func split(_ target: String) -> (Substring, Substring) {
        // Over the contiguous bytes where the string has them (a native
        // string always does): the UTF-8 view's own search costs some 15
        // instructions a byte, on every request `serve` prints.
        let offset =
            target.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "?")) }
            ?? target.utf8.firstIndex(of: UInt8(ascii: "?")).map {
                target.utf8.distance(from: target.startIndex, to: $0)
            }
        guard let offset else { return (target[...], "") }
        let mark = target.utf8.index(target.startIndex, offsetBy: offset)
        return (target[..<mark], target[target.index(after: mark)...])
    }
}
