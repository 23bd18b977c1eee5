import Foundation

/// Writes one HAR entry straight into bytes: the `--har` file is written
/// while requests arrive, at tens of thousands a second, so no string is
/// built for a field that can be appended.
struct HAREntryBytes {
    let redact: Bool

    func appending(_ entry: JournalEntry, serverURL: String, into out: inout [UInt8]) {
        let details = entry.details
        let version = details?.httpVersion ?? "HTTP/1.1"
        let milliseconds = entry.duration.nanoseconds
        out.append(contentsOf: #"{"startedDateTime":""#.utf8)
        Timestamp.appendISO8601(entry.time, to: &out)
        out.append(contentsOf: #"","time":"#.utf8)
        JSONBytes.appendMilliseconds(milliseconds, to: &out)
        out.append(contentsOf: #","request":"#.utf8)
        self.request(entry, details: details, version: version, serverURL: serverURL, into: &out)
        out.append(contentsOf: #","response":"#.utf8)
        self.response(entry, details: details, version: version, into: &out)
        out.append(contentsOf: #","cache":{},"timings":{"send":0,"wait":"#.utf8)
        JSONBytes.appendMilliseconds(milliseconds, to: &out)
        out.append(contentsOf: #","receive":0},"_switchboard":{"sequence":"#.utf8)
        JSONBytes.appendInteger(entry.sequence, to: &out)
        entry.appendOutcome(to: &out)
        out.append(contentsOf: (entry.unmatched == nil ? #","unmatched":false"# : #","unmatched":true"#).utf8)
        if details == nil && entry.rejection == nil {
            out.append(contentsOf: #","details":"not kept (journal memory budget)""#.utf8)
        }
        out.append(contentsOf: "}}".utf8)
    }

    private func request(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, serverURL: String,
        into out: inout [UInt8]
    ) {
        let headers = details?.requestHeaders ?? []
        out.append(contentsOf: #"{"method":"#.utf8)
        JSONBytes.appendString(entry.method, to: &out)
        out.append(contentsOf: #","url":"#.utf8)
        let target = self.redact ? CredentialNames.redactingURL(entry.target) : entry.target
        JSONBytes.appendString(target.hasPrefix("/") ? serverURL + target : target, to: &out)
        out.append(contentsOf: #","httpVersion":"#.utf8)
        JSONBytes.appendString(version, to: &out)
        out.append(contentsOf: #","cookies":["#.utf8)
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
        out.append(contentsOf: #"],"headers":"#.utf8)
        self.headers(headers, into: &out)
        out.append(contentsOf: #","queryString":["#.utf8)
        for (index, item) in RequestTarget(uri: entry.target).query.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let secret = self.redact && CredentialNames.isQueryParameter(item.name)
            self.pair(item.name, secret ? CredentialNames.redacted : item.value, into: &out)
        }
        out.append(contentsOf: #"],"headersSize":-1,"bodySize":"#.utf8)
        JSONBytes.appendInteger(details?.requestBodySize ?? 0, to: &out)
        if let details, details.requestBodySize > 0 {
            out.append(contentsOf: #","postData":{"mimeType":"#.utf8)
            JSONBytes.appendString(details.requestHeader("Content-Type") ?? "application/octet-stream", to: &out)
            out.append(contentsOf: #","text":"#.utf8)
            let body = details.requestBody
            if let text = UTF8Text.decode(body) {
                JSONBytes.appendString(text, to: &out)
            } else {
                JSONBytes.appendString(Data(body).base64EncodedString(), to: &out)
                // HAR 1.2 names `encoding` on content only; tools that read it
                // there read it here too, and `_encoding` stays for readers of
                // earlier exports.
                out.append(contentsOf: #","encoding":"base64","_encoding":"base64""#.utf8)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    private func response(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, into out: inout [UInt8]
    ) {
        let headers = details?.responseHeaders ?? []
        out.append(contentsOf: #"{"status":"#.utf8)
        JSONBytes.appendInteger(entry.status.code, to: &out)
        out.append(contentsOf: #","statusText":"#.utf8)
        JSONBytes.appendString(HTTPStatusText.phrase(entry.status, mode: entry.mode), to: &out)
        out.append(contentsOf: #","httpVersion":"#.utf8)
        JSONBytes.appendString(version, to: &out)
        out.append(contentsOf: #","cookies":[],"headers":"#.utf8)
        self.headers(headers, into: &out)
        out.append(contentsOf: #","content":{"size":"#.utf8)
        JSONBytes.appendInteger(details?.responseBodySize ?? 0, to: &out)
        out.append(contentsOf: #","mimeType":"#.utf8)
        JSONBytes.appendString(Self.first("content-type", in: headers) ?? "x-unknown", to: &out)
        if let body = details?.responseBody, !body.isEmpty {
            out.append(contentsOf: #","text":"#.utf8)
            if let text = UTF8Text.decode(body) {
                JSONBytes.appendString(text, to: &out)
            } else {
                JSONBytes.appendString(Data(body).base64EncodedString(), to: &out)
                out.append(contentsOf: #","encoding":"base64""#.utf8)
            }
        }
        out.append(contentsOf: #"},"redirectURL":"#.utf8)
        let location = Self.first("location", in: headers) ?? ""
        JSONBytes.appendString(
            self.redact ? CredentialNames.redactedValue(ofHeader: "location", location) : location, to: &out)
        out.append(contentsOf: #","headersSize":-1,"bodySize":"#.utf8)
        JSONBytes.appendInteger(entry.status == .noStatusLine ? -1 : (details?.responseBodySize ?? 0), to: &out)
        if entry.status == .noStatusLine, let mode = entry.mode {
            out.append(contentsOf: #","_error":"#.utf8)
            JSONBytes.appendString("Switchboard fault: \(mode.name)", to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private func headers(_ headers: [HeaderField], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, header) in headers.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let value = self.redact ? CredentialNames.redactedValue(ofHeader: header.name, header.value) : header.value
            self.pair(header.name, value, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func pair(_ name: some StringProtocol, _ value: some StringProtocol, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"name":"#.utf8)
        JSONBytes.appendString(name, to: &out)
        out.append(contentsOf: #","value":"#.utf8)
        JSONBytes.appendString(value, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func first(_ lowercasedName: String, in headers: [HeaderField]) -> String? {
        headers.first { $0.name.lowercased() == lowercasedName }?.value
    }
}
