import SwitchboardJSON

/// Writes journal entries as an HTTP Archive (HAR 1.2), the format browser
/// devtools, mitmproxy and Charles open.
public enum HARWriter {
    /// - Parameters:
    ///   - serverURL: `http://127.0.0.1:8080`, to make each request URL absolute.
    ///   - redact: hide credentials: the values of headers and query
    ///     parameters `CredentialNames` lists read `REDACTED`.
    ///
    /// The whole document at once, for tests and small exports; the file
    /// writers and the control API stream the same bytes piece by piece
    /// (`prologue`, `appendEntry`, `epilogue`).
    public static func document(entries: [JournalEntry], serverURL: String, redact: Bool = true) -> String {
        var out = Array(self.prologue.utf8)
        var writer = HAREntryBytes(redact: redact)
        for (index, entry) in entries.enumerated() {
            self.appendEntry(entry, first: index == 0, to: &out, serverURL: serverURL, writer: &writer)
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

    /// Everything after the last entry, with the settings changes made
    /// during the session as the log's `comment`, one a line.
    public static func epilogue(markers: [String]) -> String {
        guard !markers.isEmpty else { return self.epilogue }
        return "\n],\"comment\":" + JSONText.quoted(markers.joined(separator: "\n")) + "}}\n"
    }

    /// One entry, with the separator that goes before it.
    public static func appendEntry(
        _ entry: JournalEntry, first: Bool, to out: inout [UInt8], serverURL: String, redact: Bool
    ) {
        var writer = HAREntryBytes(redact: redact)
        self.appendEntry(entry, first: first, to: &out, serverURL: serverURL, writer: &writer)
    }

    /// The same with a writer kept from one entry to the next, which
    /// copies what the entries share (`HAREntryBytes`).
    static func appendEntry(
        _ entry: JournalEntry, first: Bool, to out: inout [UInt8], serverURL: String, writer: inout HAREntryBytes
    ) {
        out.append(contentsOf: (first ? "\n" : ",\n").utf8)
        writer.appending(entry, serverURL: serverURL, into: &out)
    }

    /// Writes `entries` to the file at `path`, replacing it whole once all
    /// is written, with `markers` as the log's comment, as a `--har` file
    /// has them: the screen's `e` and `--har` tell the same story.
    public static func write(
        _ entries: [JournalEntry], markers: [PanelChange] = [], to path: String, serverURL: String, redact: Bool
    ) throws(HARFile.WriteError) {
        let file = try HARFile(path: path, serverURL: serverURL, redact: redact)
        for marker in markers { file.addMarker(marker) }
        // In slices, so the bytes in memory are bounded by a slice.
        var start = entries.startIndex
        while start < entries.endIndex {
            let end = min(start + 256, entries.endIndex)
            try file.append(entries[start..<end])
            start = end
        }
        try file.finish()
    }
}
