extension JournalEntry {
    /// One line of JSON: what `serve` prints per request (and what `--log`
    /// appends). Keys are stable; `null` where a value does not apply.
    /// Query credentials read `REDACTED` (see `appendJSON`).
    public var jsonLine: String { self.jsonLine(redact: true) }

    public func jsonLine(redact: Bool) -> String {
        var bytes: [UInt8] = []
        self.appendJSON(to: &bytes, redact: redact)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `,"delay_ms":…,"endpoint":…,"mode":…,"setting":…,"latency":…` and,
    /// when the log line says why, `,"reason":"no fixture episodes/99.json"`,
    /// for a request whose `Prefer` header chose for it,
    /// `,"forced_by":"prefer","forced":"mode=server_error"`,
    /// for a rejected request, `,"rejected":…`, for one a rate limit
    /// refused, `,"rate_limited":"5/s"`, for one sent with toxics
    /// `,"toxics":"slicer"`, for a body cut short `,"cut_short":true`, for a
    /// reset or hang the latency profile drew `,"network_fault":true` (and `,"retried_early_ms":…` when
    /// it came back too soon): what answered the request,
    /// in the same words in the `serve` line and in HAR's `_switchboard`.
    func appendOutcome(to out: inout [UInt8]) {
        JSONBytes.append(#","delay_ms":"#, to: &out)
        JSONBytes.appendMilliseconds(self.injectedDelay.nanoseconds, to: &out)
        JSONBytes.append(#","endpoint":"#, to: &out)
        JSONBytes.appendOptional(self.endpointID, to: &out)
        JSONBytes.append(#","mode":"#, to: &out)
        JSONBytes.appendOptional(self.mode?.name, to: &out)
        JSONBytes.append(#","setting":"#, to: &out)
        JSONBytes.appendOptional((self.setting ?? self.mode)?.name, to: &out)
        JSONBytes.append(#","latency":"#, to: &out)
        JSONBytes.appendOptional(self.latency, to: &out)
        if !self.toxics.isEmpty {
            JSONBytes.append(#","toxics":"#, to: &out)
            JSONBytes.appendString(self.toxics.description, to: &out)
        }
        if self.cutShort { JSONBytes.append(#","cut_short":true"#, to: &out) }
        if let reason = self.reason {
            JSONBytes.append(#","reason":"#, to: &out)
            JSONBytes.appendString(reason, to: &out)
        }
        if let forced = self.forcedText {
            JSONBytes.append(#","forced_by":"prefer","forced":"#, to: &out)
            JSONBytes.appendString(forced, to: &out)
        }
        if self.networkFault { JSONBytes.append(#","network_fault":true"#, to: &out) }
        if let rejection = self.rejection {
            JSONBytes.append(#","rejected":"#, to: &out)
            JSONBytes.appendString(rejection, to: &out)
        }
        if let limited = self.rateLimited {
            JSONBytes.append(#","rate_limited":"#, to: &out)
            JSONBytes.appendString(limited.limit.description, to: &out)
            if let early = limited.early {
                JSONBytes.append(#","retried_early_ms":"#, to: &out)
                JSONBytes.appendMilliseconds(early.nanoseconds, to: &out)
            }
        }
        if let upstream = self.upstream {
            JSONBytes.append(#","upstream_ms":"#, to: &out)
            JSONBytes.appendMilliseconds(upstream.time.nanoseconds, to: &out)
            JSONBytes.append(#","upstream":"#, to: &out)
            JSONBytes.appendString(upstream.summary, to: &out)
        }
    }

    /// Appends the JSON object (no newline) to `out`. Written byte by byte
    /// because `serve` prints one per request, at tens of thousands a second.
    /// With `redact`, the values of query credentials (`CredentialNames`)
    /// read `REDACTED`: the line leaves the process, as a HAR file does.
    public func appendJSON(to out: inout [UInt8], redact: Bool = true) {
        out.reserveCapacity(out.count + 320)
        var (path, query) = Self.split(self.target)
        // Most targets are a path with no query: one scan, and nothing to
        // redact. An absolute-form target may carry a userinfo.
        if redact, !query.isEmpty || !Self.startsWithSlash(path) {
            (path, query) = Self.split(CredentialNames.redactingURL(self.target))
        }
        JSONBytes.append(#"{"time":""#, to: &out)
        Timestamp.appendISO8601(self.time, to: &out)
        JSONBytes.append(#"","method":"#, to: &out)
        JSONBytes.appendString(self.method, to: &out)
        JSONBytes.append(#","path":"#, to: &out)
        JSONBytes.appendString(path, to: &out)
        JSONBytes.append(#","query":"#, to: &out)
        JSONBytes.appendString(query, to: &out)
        JSONBytes.append(#","status":"#, to: &out)
        if let status = self.status.wireStatus {
            JSONBytes.appendInteger(status, to: &out)
        } else {
            JSONBytes.append("null", to: &out)
        }
        JSONBytes.append(#","duration_ms":"#, to: &out)
        JSONBytes.appendMilliseconds(self.duration.nanoseconds, to: &out)
        self.appendOutcome(to: &out)
        if let unmatched = self.unmatched {
            JSONBytes.append(#","unmatched":true,"closest":"#, to: &out)
            JSONBytes.appendOptional(unmatched.closest, to: &out)
            JSONBytes.append(#","hint":"#, to: &out)
            JSONBytes.appendString(unmatched.reason, to: &out)
        } else {
            JSONBytes.append(#","unmatched":false"#, to: &out)
        }
        // The journal's number for it, which `record --request N` and the
        // control API's `requests/N` take; entries made outside a journal
        // have none.
        if self.sequence > 0 {
            JSONBytes.append(#","sequence":"#, to: &out)
            JSONBytes.appendInteger(self.sequence, to: &out)
        }
        out.append(UInt8(ascii: "}"))
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

/// JSON values written straight into bytes. A line is written for every
/// request, so each piece goes in as one append of contiguous bytes where it
/// can: appending a byte at a time, or walking a string's UTF-8 view, costs
/// some fifteen instructions a byte.
enum JSONBytes {
    /// A fixed fragment of the line (a key and its punctuation).
    @inline(__always)
    static func append(_ fragment: StaticString, to out: inout [UInt8]) {
        fragment.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func appendString(_ text: some StringProtocol, to out: inout [UInt8]) {
        // A native string's bytes are contiguous: checked and copied whole.
        let appended: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where !Self.needsNoEscape(byte) { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if appended == true { return }
        out.append(UInt8(ascii: "\""))
        var clean = true
        for byte in text.utf8 where !Self.needsNoEscape(byte) {
            clean = false
            break
        }
        if clean {
            out.append(contentsOf: text.utf8)
        } else {
            out.append(contentsOf: JSONText.escaped(String(text)).utf8)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Printable ASCII but `"` and `\`: copied as it is.
    @inline(__always)
    private static func needsNoEscape(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    static func appendOptional(_ text: String?, to out: inout [UInt8]) {
        if let text { self.appendString(text, to: &out) } else { self.append("null", to: &out) }
    }

    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        self.appendDecimal(value.magnitude, to: &out)
    }

    /// Nanoseconds as milliseconds with three decimals: `2004.000`.
    static func appendMilliseconds(_ nanoseconds: Int64, to out: inout [UInt8]) {
        let micros = Int((Double(max(0, nanoseconds)) / 1000).rounded())
        self.appendDecimal(UInt(micros / 1000), to: &out)
        out.append(UInt8(ascii: "."))
        self.appendDecimal(UInt(micros % 1000), width: 3, to: &out)
    }

    /// `value` in decimal, zero-padded to `width` digits (at most 20),
    /// appended in one go.
    static func appendDecimal(_ value: UInt, width: Int = 1, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0 || digits.count - start < width
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
