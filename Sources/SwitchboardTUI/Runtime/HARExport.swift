import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// What `e` does: writes the requests to `switchboard-DATE-TIME.har` (local
/// time) and says so in one line.
struct HARExport {
    /// Where the file goes; `nil` is the working folder.
    var folder: String?
    var serverURL: String
    /// Hide credentials in the file.
    var redact: Bool

    /// The notice for the screen: where the requests went, or why not.
    /// `markers` are the settings changes, for the log's comment.
    func write(_ entries: [JournalEntry], markers: [PanelChange], at seconds: Double) -> String {
        let name = Self.fileName(at: seconds)
        // `./`: the notice names where the file went, as `x`'s does.
        let path = self.folder.map { $0 + "/" + name } ?? "./" + name
        do {
            try HARWriter.write(
                entries, markers: markers, to: path, serverURL: self.serverURL, redact: self.redact)
            return "saved \(entries.count) requests to \(path)"
        } catch {
            return error.description
        }
    }

    static func fileName(at seconds: Double) -> String {
        var now = time_t(seconds)
        var local = tm()
        localtime_r(&now, &local)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &local)
        let stamp = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "switchboard-" + stamp + ".har"
    }
}
