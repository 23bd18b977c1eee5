import SwitchboardModel

extension JournalEntry.Outcome {
    /// `,"delay_ms":…,"endpoint":…,"mode":…,"setting":…,"latency":…` and,
    /// when the log line says why, `,"reason":"no fixture episodes/99.json"`,
    /// for a request whose `Prefer` header chose for it,
    /// `,"forced_by":"prefer","forced":"mode=server_error"`,
    /// for a rejected request, `,"rejected":…`, for one that breaks the
    /// endpoint's OpenAPI description `,"invalid":["body.a: expected number"]`, for one a rate limit
    /// refused, `,"rate_limited":"5/s"`, for one sent with toxics
    /// `,"toxics":"slicer"`, for a body cut short `,"cut_short":true`, for a
    /// reset or hang the latency profile drew `,"network_fault":true` (and `,"retried_early_ms":…` when
    /// it came back too soon), for a `live` answer the upstream's time and
    /// what of it breaks the description (`,"drift":["body.id: expected integer"]`):
    /// what answered the request,
    /// in the same words in the `serve` line and in HAR's `_switchboard`.
    func appendJSON(to out: inout JSONByteWriter) {
        out.append(#","delay_ms":"#)
        out.appendMilliseconds(self.injectedDelay.nanoseconds)
        out.append(#","endpoint":"#)
        out.appendOptional(self.endpointID)
        out.append(#","mode":"#)
        out.appendOptional(self.mode?.name)
        out.append(#","setting":"#)
        out.appendOptional((self.setting ?? self.mode)?.name)
        out.append(#","latency":"#)
        out.appendOptional(self.latency)
        if !self.toxics.isEmpty {
            out.append(#","toxics":"#)
            out.appendString(self.toxics.description)
        }
        if self.cutShort { out.append(#","cut_short":true"#) }
        if let reason = self.reason {
            out.append(#","reason":"#)
            out.appendString(reason)
        }
        if let forced = self.forcedText {
            out.append(#","forced_by":"prefer","forced":"#)
            out.appendString(forced)
        }
        if self.networkFault { out.append(#","network_fault":true"#) }
        if let rejection = self.rejection {
            out.append(#","rejected":"#)
            out.appendString(rejection)
        }
        Self.append(#","invalid":["#, self.invalid, to: &out)
        if let limited = self.rateLimited {
            out.append(#","rate_limited":"#)
            out.appendString(limited.limit.description)
            if let early = limited.early {
                out.append(#","retried_early_ms":"#)
                out.appendMilliseconds(early.nanoseconds)
            }
        }
        if let upstream = self.upstream {
            out.append(#","upstream_ms":"#)
            out.appendMilliseconds(upstream.time.nanoseconds)
            out.append(#","upstream":"#)
            out.appendString(upstream.summary)
        }
        Self.append(#","drift":["#, self.drift, to: &out)
    }

    /// `opening` and the violations as strings, closed; nothing for none.
    private static func append(_ opening: StaticString, _ violations: [ContractViolation], to out: inout JSONByteWriter)
    {
        guard let first = violations.first else { return }
        out.append(opening)
        out.appendString(first.description)
        for violation in violations.dropFirst() {
            out.append(",")
            out.appendString(violation.description)
        }
        out.append("]")
    }

    /// The outcome's part of the `serve` line: `appendJSON`, then whether
    /// the request matched no endpoint, with the closest one and a hint.
    func appendLineJSON(to out: inout JSONByteWriter) {
        self.appendJSON(to: &out)
        if let unmatched = self.unmatched {
            out.append(#","unmatched":true,"closest":"#)
            out.appendOptional(unmatched.closest)
            out.append(#","hint":"#)
            out.appendString(unmatched.reason)
        } else {
            out.append(#","unmatched":false"#)
        }
    }
}
