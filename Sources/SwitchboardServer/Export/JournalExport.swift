import NIOCore
import SwitchboardCore

/// A journal export — the HAR document or the list of requests — made a
/// chunk at a time, so that a large journal is never one document in
/// memory and never long work on an event loop. `next` runs on a thread
/// pool; the handler writes each chunk and asks for the next once it is
/// written (see `ControlExchange.stream`).
///
/// It covers the entries recorded when it started; entries dropped from
/// the journal while it runs are left out.
struct JournalExport: Sendable {
    enum Format: Sendable, Equatable {
        /// HAR 1.2; `serverURL` makes request URLs absolute.
        case har(serverURL: String, redact: Bool)
        /// A JSON array of the `serve` line shape, query credentials
        /// `REDACTED` unless `redact` is false.
        case requests(redact: Bool)
        /// The same with each entry's `details`, credentials `REDACTED`
        /// unless `redact` is false.
        case detailedRequests(redact: Bool)
    }

    let journal: RequestJournal
    let format: Format
    var unmatched: Bool?
    var endpoint: String?
    /// The newest this many (that pass the filters).
    var limit = Int.max
    /// Only entries with a higher sequence number.
    var after = 0

    /// About this many bytes per chunk.
    static let chunkBytes = 64 * 1024
    /// Entries read from the journal at a time.
    static let pageSize = 256

    struct Cursor: Sendable {
        /// The last sequence number handled.
        var after: Int
        let last: Int
        /// Matching entries to pass over first (the oldest, beyond `limit`).
        var skip: Int?
        var written = 0
        var started = false
        var finished = false
    }

    func start() -> Cursor {
        let last = self.journal.lastSequence
        var after = self.after
        var skip: Int?
        if !self.filters {
            // Without filters the newest `limit` are the last sequence numbers.
            if self.limit < Int.max { after = max(after, last - self.limit) }
            skip = 0
        } else if self.limit == Int.max {
            skip = 0
        }
        return Cursor(after: after, last: last, skip: skip)
    }

    private var filters: Bool { self.unmatched != nil || self.endpoint != nil }

    private func matches(_ entry: JournalEntry) -> Bool {
        if let unmatched = self.unmatched, (entry.unmatched != nil) != unmatched { return false }
        if let endpoint = self.endpoint, entry.endpointID != endpoint { return false }
        return true
    }

    /// The next chunk; sets `cursor.finished` with the last one.
    func next(_ cursor: inout Cursor) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunkBytes + 16 * 1024)
        if !cursor.started {
            cursor.started = true
            switch self.format {
            case .har: out.append(contentsOf: HARWriter.prologue.utf8)
            case .requests, .detailedRequests: out.append(UInt8(ascii: "["))
            }
        }
        if cursor.skip == nil {
            // Count what matches, to know how many of the oldest to pass over.
            var matching = 0
            var after = cursor.after
            while true {
                let page = self.journal.entries(after: after, through: cursor.last, limit: Self.pageSize)
                guard let newest = page.last else { break }
                matching += page.lazy.filter(self.matches).count
                after = newest.sequence
            }
            cursor.skip = max(0, matching - self.limit)
        }
        while out.count < Self.chunkBytes {
            let page = self.journal.entries(after: cursor.after, through: cursor.last, limit: Self.pageSize)
            guard let newest = page.last else {
                cursor.finished = true
                break
            }
            for entry in page where self.matches(entry) {
                if cursor.skip! > 0 {
                    cursor.skip! -= 1
                    continue
                }
                self.append(entry, first: cursor.written == 0, to: &out)
                cursor.written += 1
            }
            cursor.after = newest.sequence
        }
        if cursor.finished {
            switch self.format {
            case .har: out.append(contentsOf: HARWriter.epilogue.utf8)
            case .requests, .detailedRequests: out.append(UInt8(ascii: "]"))
            }
        }
        return out
    }

    private func append(_ entry: JournalEntry, first: Bool, to out: inout [UInt8]) {
        switch self.format {
        case .har(let serverURL, let redact):
            HARWriter.appendEntry(entry, first: first, to: &out, serverURL: serverURL, redact: redact)
        case .requests(let redact):
            if !first { out.append(contentsOf: ",\n".utf8) }
            entry.appendJSON(to: &out, redact: redact)
        case .detailedRequests(let redact):
            if !first { out.append(contentsOf: ",\n".utf8) }
            out.append(contentsOf: ControlJSON.entryDetails(entry, redact: redact).utf8)
        }
    }

    /// Whether an entry that passes the filters was recorded after
    /// `scanned` (and after `after`); moves `scanned` past what it read, so
    /// a long poll woken again reads only what is new.
    func hasEntry(scanned: inout Int) -> Bool {
        scanned = max(scanned, self.after)
        while true {
            let page = self.journal.entries(after: scanned, through: self.journal.lastSequence, limit: Self.pageSize)
            guard let newest = page.last else { return false }
            if page.contains(where: self.matches) { return true }
            scanned = newest.sequence
        }
    }

    /// The whole export at once.
    func collect() -> String {
        var cursor = self.start()
        var out: [UInt8] = []
        while !cursor.finished { out += self.next(&cursor) }
        return String(decoding: out, as: UTF8.self)
    }
}
