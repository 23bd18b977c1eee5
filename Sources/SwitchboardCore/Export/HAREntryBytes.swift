import Foundation
import SwitchboardModel

/// Writes one HAR entry straight into bytes: the `--har` file is written
/// while requests arrive, at tens of thousands a second, so no string is
/// built for a field that can be appended.
struct HAREntryBytes {
    let redact: Bool
    /// The last response part written for a shared response side
    /// (`ExchangeDetails.sharedResponse`), and what else it was made from:
    /// the requests of one remembered answer get the same bytes, copied.
    /// The object is held, so its identity cannot pass to another.
    private var lastResponse:
        (shared: AnyObject, status: JournalEntry.Status, mode: Mode?, version: String, bytes: [UInt8])?

    /// Header names seen, and whether redaction may change their values
    /// (`CredentialNames.redactsHeader`): asking costs a lowercased copy
    /// and several searches, for the same few names entry after entry.
    private var redactedNames: [String: Bool] = [:]

    init(redact: Bool) {
        self.redact = redact
    }

    mutating func appending(_ entry: JournalEntry, serverURL: String, into bytes: inout [UInt8]) {
        var out = JSONByteWriter(capacity: 2048)
        self.write(entry, serverURL: serverURL, into: &out)
        out.append(to: &bytes)
    }

    private mutating func write(_ entry: JournalEntry, serverURL: String, into out: inout JSONByteWriter) {
        let details = entry.details
        let version = details?.httpVersion ?? "HTTP/1.1"
        let milliseconds = entry.durationNanoseconds
        out.append(#"{"startedDateTime":""#)
        out.appendISO8601(entry.time)
        out.append(#"","time":"#)
        out.appendMilliseconds(milliseconds)
        out.append(#","request":"#)
        self.request(entry, details: details, version: version, serverURL: serverURL, into: &out)
        out.append(#","response":"#)
        self.appendResponse(entry, details: details, version: version, into: &out)
        out.append(#","cache":{},"timings":{"send":0,"wait":"#)
        out.appendMilliseconds(milliseconds)
        out.append(#","receive":0},"_switchboard":{"sequence":"#)
        out.appendInteger(entry.sequence)
        entry.appendOutcome(to: &out)
        out.append(entry.unmatched == nil ? #","unmatched":false"# : #","unmatched":true"#)
        if details == nil && entry.rejection == nil {
            out.append(#","details":"not kept (journal memory budget)""#)
        }
        out.append("}}")
    }

    private mutating func request(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, serverURL: String,
        into out: inout JSONByteWriter
    ) {
        let headers = details?.requestHeaders ?? []
        out.append(#"{"method":"#)
        out.appendString(entry.method)
        out.append(#","url":"#)
        let target = self.redact ? CredentialNames.redactingURL(entry.target) : entry.target
        out.appendString(target.hasPrefix("/") ? serverURL + target : target)
        out.append(#","httpVersion":"#)
        out.appendString(version)
        out.append(#","cookies":["#)
        var first = true
        for header in headers where header.name.lowercased() == "cookie" {
            for item in header.value.split(separator: ";") {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard let name = parts.first else { continue }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                self.pair(name.trimmed(), self.redact ? "REDACTED" : parts.count > 1 ? parts[1] : "", into: &out)
            }
        }
        out.append(#"],"headers":"#)
        self.headers(headers, into: &out)
        out.append(#","queryString":["#)
        for (index, item) in RequestTarget(uri: entry.target).query.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let secret = self.redact && CredentialNames.isQueryParameter(item.name)
            self.pair(item.name, secret ? CredentialNames.redacted : item.value, into: &out)
        }
        out.append(#"],"headersSize":-1,"bodySize":"#)
        out.appendInteger(details?.requestBodySize ?? 0)
        if let details, details.requestBodySize > 0 {
            out.append(#","postData":{"mimeType":"#)
            out.appendString(details.requestHeader("Content-Type") ?? "application/octet-stream")
            out.append(#","text":"#)
            let body = details.requestBody
            if let text = UTF8Text.decode(body) {
                out.appendString(text)
            } else {
                out.appendString(Data(body).base64EncodedString())
                // HAR 1.2 names `encoding` on content only; tools that read it
                // there read it here too, and `_encoding` stays for readers of
                // earlier exports.
                out.append(#","encoding":"base64","_encoding":"base64""#)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The response part, from `lastResponse` when it is the same one.
    private mutating func appendResponse(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, into out: inout JSONByteWriter
    ) {
        guard let shared = details?.sharedResponse else {
            return self.response(entry, details: details, version: version, into: &out)
        }
        if let last = self.lastResponse, last.shared === shared, last.status == entry.status, last.mode == entry.mode,
            last.version == version
        {
            last.bytes.withUnsafeBufferPointer { out.append(bytes: $0) }
            return
        }
        var part = JSONByteWriter(capacity: 1024)
        self.response(entry, details: details, version: version, into: &part)
        let bytes = part.withBytes { Array($0) }
        bytes.withUnsafeBufferPointer { out.append(bytes: $0) }
        self.lastResponse = (shared, entry.status, entry.mode, version, bytes)
    }

    private mutating func response(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, into out: inout JSONByteWriter
    ) {
        let headers = details?.responseHeaders ?? []
        out.append(#"{"status":"#)
        out.appendInteger(entry.status.code)
        out.append(#","statusText":"#)
        out.appendString(HTTPStatusText.phrase(entry.status, mode: entry.mode))
        out.append(#","httpVersion":"#)
        out.appendString(version)
        out.append(#","cookies":[],"headers":"#)
        self.headers(headers, into: &out)
        out.append(#","content":{"size":"#)
        out.appendInteger(details?.responseBodySize ?? 0)
        out.append(#","mimeType":"#)
        out.appendString(Self.first("content-type", in: headers) ?? "x-unknown")
        if let body = details?.responseBody, !body.isEmpty {
            out.append(#","text":"#)
            if let text = UTF8Text.decode(body) {
                out.appendString(text)
            } else {
                out.appendString(Data(body).base64EncodedString())
                out.append(#","encoding":"base64""#)
            }
        }
        out.append(#"},"redirectURL":"#)
        let location = Self.first("location", in: headers) ?? ""
        out.appendString(
            self.redact ? CredentialNames.redactedValue(ofHeader: "location", location) : location)
        out.append(#","headersSize":-1,"bodySize":"#)
        out.appendInteger(entry.status == .noStatusLine ? -1 : (details?.responseBodySize ?? 0))
        if entry.status == .noStatusLine, let mode = entry.mode {
            out.append(#","_error":"#)
            out.appendString("Switchboard fault: \(mode.name)")
        }
        out.append(UInt8(ascii: "}"))
    }

    private mutating func headers(_ headers: [HeaderField], into out: inout JSONByteWriter) {
        out.append(UInt8(ascii: "["))
        for (index, header) in headers.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let value =
                self.redact && self.redacts(header.name)
                ? CredentialNames.redactedValue(ofHeader: header.name, header.value) : header.value
            self.pair(header.name, value, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private mutating func redacts(_ name: String) -> Bool {
        if let known = self.redactedNames[name] { return known }
        let redacts = CredentialNames.redactsHeader(name)
        // A client that makes up header names must not grow it for ever.
        if self.redactedNames.count >= 256 { self.redactedNames.removeAll(keepingCapacity: true) }
        self.redactedNames[name] = redacts
        return redacts
    }

    private func pair(_ name: some StringProtocol, _ value: some StringProtocol, into out: inout JSONByteWriter) {
        out.append(#"{"name":"#)
        out.appendString(name)
        out.append(#","value":"#)
        out.appendString(value)
        out.append(UInt8(ascii: "}"))
    }

    private static func first(_ lowercasedName: String, in headers: [HeaderField]) -> String? {
        headers.first { $0.name.lowercased() == lowercasedName }?.value
    }
}
