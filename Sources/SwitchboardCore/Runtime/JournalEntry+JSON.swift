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
        out.append(contentsOf: #","delay_ms":"#.utf8)
        JSONBytes.appendMilliseconds(self.injectedDelay.nanoseconds, to: &out)
        out.append(contentsOf: #","endpoint":"#.utf8)
        JSONBytes.appendOptional(self.endpointID, to: &out)
        out.append(contentsOf: #","mode":"#.utf8)
        JSONBytes.appendOptional(self.mode?.name, to: &out)
        out.append(contentsOf: #","setting":"#.utf8)
        JSONBytes.appendOptional((self.setting ?? self.mode)?.name, to: &out)
        out.append(contentsOf: #","latency":"#.utf8)
        JSONBytes.appendOptional(self.latency, to: &out)
        if !self.toxics.isEmpty {
            out.append(contentsOf: #","toxics":"#.utf8)
            JSONBytes.appendString(self.toxics.description, to: &out)
        }
        if self.cutShort { out.append(contentsOf: #","cut_short":true"#.utf8) }
        if let reason = self.reason {
            out.append(contentsOf: #","reason":"#.utf8)
            JSONBytes.appendString(reason, to: &out)
        }
        if let forced = self.forcedText {
            out.append(contentsOf: #","forced_by":"prefer","forced":"#.utf8)
            JSONBytes.appendString(forced, to: &out)
        }
        if self.networkFault { out.append(contentsOf: #","network_fault":true"#.utf8) }
        if let rejection = self.rejection {
            out.append(contentsOf: #","rejected":"#.utf8)
            JSONBytes.appendString(rejection, to: &out)
        }
        if let limited = self.rateLimited {
            out.append(contentsOf: #","rate_limited":"#.utf8)
            JSONBytes.appendString(limited.limit.description, to: &out)
            if let early = limited.early {
                out.append(contentsOf: #","retried_early_ms":"#.utf8)
                JSONBytes.appendMilliseconds(early.nanoseconds, to: &out)
            }
        }
        if let upstream = self.upstream {
            out.append(contentsOf: #","upstream_ms":"#.utf8)
            JSONBytes.appendMilliseconds(upstream.time.nanoseconds, to: &out)
            out.append(contentsOf: #","upstream":"#.utf8)
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
        if redact, !query.isEmpty || !path.hasPrefix("/") {
            (path, query) = Self.split(CredentialNames.redactingURL(self.target))
        }
        out.append(contentsOf: #"{"time":""#.utf8)
        Timestamp.appendISO8601(self.time, to: &out)
        out.append(contentsOf: #"","method":"#.utf8)
        JSONBytes.appendString(self.method, to: &out)
        out.append(contentsOf: #","path":"#.utf8)
        JSONBytes.appendString(path, to: &out)
        out.append(contentsOf: #","query":"#.utf8)
        JSONBytes.appendString(query, to: &out)
        out.append(contentsOf: #","status":"#.utf8)
        if let status = self.status.wireStatus {
            JSONBytes.appendInteger(status, to: &out)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: #","duration_ms":"#.utf8)
        JSONBytes.appendMilliseconds(self.duration.nanoseconds, to: &out)
        self.appendOutcome(to: &out)
        if let unmatched = self.unmatched {
            out.append(contentsOf: #","unmatched":true,"closest":"#.utf8)
            JSONBytes.appendOptional(unmatched.closest, to: &out)
            out.append(contentsOf: #","hint":"#.utf8)
            JSONBytes.appendString(unmatched.reason, to: &out)
        } else {
            out.append(contentsOf: #","unmatched":false"#.utf8)
        }
        // The journal's number for it, which `record --request N` and the
        // control API's `requests/N` take; entries made outside a journal
        // have none.
        if self.sequence > 0 {
            out.append(contentsOf: #","sequence":"#.utf8)
            JSONBytes.appendInteger(self.sequence, to: &out)
        }
        out.append(UInt8(ascii: "}"))
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

/// JSON values written straight into bytes.
enum JSONBytes {
    static func appendString(_ text: some StringProtocol, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var clean = true
        for byte in text.utf8
        where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x7F {
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

    static func appendOptional(_ text: String?, to out: inout [UInt8]) {
        if let text { self.appendString(text, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            self.appendInteger(-value, to: &out)
            return
        }
        if value >= 10 { self.appendInteger(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Nanoseconds as milliseconds with three decimals: `2004.000`.
    static func appendMilliseconds(_ nanoseconds: Int64, to out: inout [UInt8]) {
        let micros = Int((Double(max(0, nanoseconds)) / 1000).rounded())
        self.appendInteger(micros / 1000, to: &out)
        out.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        out.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        out.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        out.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }
}
