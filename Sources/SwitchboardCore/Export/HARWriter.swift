import Foundation

/// Writes journal entries as an HTTP Archive (HAR 1.2), the format browser
/// devtools, mitmproxy and Charles open.
public enum HARWriter {
    /// Header values replaced by `REDACTED` unless redaction is turned off.
    public static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// - Parameters:
    ///   - serverURL: `http://127.0.0.1:8080`, to make each request URL absolute.
    ///   - redact: hide credentials (see `secretHeaders`).
    ///
    /// The whole document at once, for tests and small exports; the file
    /// writers and the control API stream the same bytes piece by piece
    /// (`prologue`, `appendEntry`, `epilogue`).
    public static func document(entries: [JournalEntry], serverURL: String, redact: Bool = true) -> String {
        var out = Array(self.prologue.utf8)
        for (index, entry) in entries.enumerated() {
            self.appendEntry(entry, first: index == 0, to: &out, serverURL: serverURL, redact: redact)
        }
        out.append(contentsOf: self.epilogue.utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Everything before the first entry.
    public static var prologue: String {
        #"{"log":{"version":"1.2","creator":{"name":"Switchboard","version":"#
            + JSONText.quoted(SwitchboardVersion.current) + #"},"pages":[],"entries":["#
    }

    /// Everything after the last entry.
    public static let epilogue = "\n]}}\n"

    /// One entry, with the separator that goes before it.
    public static func appendEntry(
        _ entry: JournalEntry, first: Bool, to out: inout [UInt8], serverURL: String, redact: Bool
    ) {
        out.append(contentsOf: (first ? "\n" : ",\n").utf8)
        out.append(contentsOf: self.entry(entry, serverURL: serverURL, redact: redact).utf8)
    }

    /// Writes `entries` to the file at `path`, replacing it whole once all
    /// is written.
    public static func write(
        _ entries: [JournalEntry], to path: String, serverURL: String, redact: Bool
    ) throws(HARFile.WriteError) {
        let file = try HARFile(path: path, serverURL: serverURL, redact: redact)
        // In slices, so the bytes in memory are bounded by a slice.
        var start = entries.startIndex
        while start < entries.endIndex {
            let end = min(start + 256, entries.endIndex)
            try file.append(entries[start..<end])
            start = end
        }
        try file.finish()
    }

    static func entry(_ entry: JournalEntry, serverURL: String, redact: Bool) -> String {
        let details = entry.details
        let version = details?.httpVersion ?? "HTTP/1.1"
        let milliseconds = entry.duration.milliseconds
        var fields: [String] = [
            #""startedDateTime":"# + JSONText.quoted(Timestamp.iso8601(entry.time)),
            #""time":"# + self.number(milliseconds),
            #""request":"#
                + self.request(entry, details: details, version: version, serverURL: serverURL, redact: redact),
            #""response":"# + self.response(entry, details: details, version: version, redact: redact),
            #""cache":{}"#,
            #""timings":{"send":0,"wait":"# + self.number(milliseconds) + #","receive":0}"#,
        ]
        var custom = [
            #""sequence":"# + String(entry.sequence),
            #""endpoint":"# + (entry.endpointID.map(JSONText.quoted) ?? "null"),
            #""mode":"# + (entry.mode.map { JSONText.quoted($0.name) } ?? "null"),
            #""setting":"# + ((entry.setting ?? entry.mode).map { JSONText.quoted($0.name) } ?? "null"),
            #""latency":"# + (entry.latency.map(JSONText.quoted) ?? "null"),
            #""delay_ms":"# + self.number(entry.injectedDelay.milliseconds),
            #""unmatched":"# + (entry.unmatched == nil ? "false" : "true"),
        ]
        if details == nil { custom.append(#""details":"not kept (journal memory budget)""#) }
        fields.append(#""_switchboard":{"# + custom.joined(separator: ",") + "}")
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func request(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, serverURL: String, redact: Bool
    ) -> String {
        let target = RequestTarget(uri: entry.target)
        let url = entry.target.hasPrefix("/") ? serverURL + entry.target : entry.target
        let headers = details?.requestHeaders ?? []
        var fields = [
            #""method":"# + JSONText.quoted(entry.method),
            #""url":"# + JSONText.quoted(url),
            #""httpVersion":"# + JSONText.quoted(version),
            #""cookies":"# + self.cookies(from: headers, redact: redact),
            #""headers":"# + self.headers(headers, redact: redact),
            #""queryString":["# + target.query.map { self.pair($0.name, $0.value) }.joined(separator: ",") + "]",
            #""headersSize":-1"#,
            #""bodySize":"# + String(details?.requestBodySize ?? 0),
        ]
        if let details, details.requestBodySize > 0 {
            let type = details.requestHeader("Content-Type") ?? "application/octet-stream"
            var postData = #"{"mimeType":"# + JSONText.quoted(type)
            if let text = String(validating: details.requestBody, as: UTF8.self) {
                postData += #","text":"# + JSONText.quoted(text)
            } else {
                postData += #","text":"# + JSONText.quoted(Data(details.requestBody).base64EncodedString())
                postData += #","_encoding":"base64""#
            }
            fields.append(#""postData":"# + postData + "}")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func response(
        _ entry: JournalEntry, details: (any ExchangeDetails)?, version: String, redact: Bool
    ) -> String {
        let headers = details?.responseHeaders ?? []
        let type = details?.responseHeader("Content-Type") ?? "x-unknown"
        var content = #"{"size":"# + String(details?.responseBodySize ?? 0) + #","mimeType":"# + JSONText.quoted(type)
        if let body = details?.responseBody, !body.isEmpty {
            if let text = String(validating: body, as: UTF8.self) {
                content += #","text":"# + JSONText.quoted(text)
            } else {
                content += #","text":"# + JSONText.quoted(Data(body).base64EncodedString()) + #","encoding":"base64""#
            }
        }
        content += "}"
        var fields = [
            #""status":"# + String(entry.status),
            #""statusText":"# + JSONText.quoted(HTTPStatusText.phrase(entry.status, mode: entry.mode)),
            #""httpVersion":"# + JSONText.quoted(version),
            #""cookies":[]"#,
            #""headers":"# + self.headers(headers, redact: redact),
            #""content":"# + content,
            #""redirectURL":"# + JSONText.quoted(details?.responseHeader("Location") ?? ""),
            #""headersSize":-1"#,
            #""bodySize":"# + String(entry.status == 0 ? -1 : (details?.responseBodySize ?? 0)),
        ]
        if entry.status == 0, let mode = entry.mode {
            fields.append(#""_error":"# + JSONText.quoted("Switchboard fault: \(mode.name)"))
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func headers(_ headers: [HeaderField], redact: Bool) -> String {
        "["
            + headers.map { header in
                let secret = redact && self.secretHeaders.contains(header.name.lowercased())
                return self.pair(header.name, secret ? "REDACTED" : header.value)
            }.joined(separator: ",") + "]"
    }

    private static func cookies(from headers: [HeaderField], redact: Bool) -> String {
        let cookies = headers.filter { $0.name.lowercased() == "cookie" }.flatMap { header in
            header.value.split(separator: ";").compactMap { item -> String? in
                let parts = item.split(separator: "=", maxSplits: 1)
                guard let name = parts.first else { return nil }
                let value = parts.count > 1 ? String(parts[1]) : ""
                return self.pair(name.trimmed(), redact ? "REDACTED" : value)
            }
        }
        return "[" + cookies.joined(separator: ",") + "]"
    }

    private static func pair(_ name: String, _ value: String) -> String {
        #"{"name":"# + JSONText.quoted(name) + #","value":"# + JSONText.quoted(value) + "}"
    }

    private static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        JSONBytes.appendMilliseconds(Int64((value * 1e6).rounded()), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
