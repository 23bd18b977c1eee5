public import Foundation
public import SwitchboardControl
public import SwitchboardCore

/// One request the fake API received, and what it answered: what
/// ``Switchboard/requests(_:)`` and the other verification calls return.
public struct ReceivedRequest: Sendable, CustomStringConvertible, RequestContent {
    /// Counts up from 1 across the instance's life: the order of arrival.
    public var sequence: Int
    /// Upper-case, as sent: `POST`.
    public var method: String
    /// The path as sent, without the query: `/login`.
    public var path: String
    /// The query as sent, without the `?`; empty when there was none.
    public var query: String
    /// The request's headers in the order sent.
    public var headers: [HeaderField]
    /// The request body (the first 64 KiB of it).
    public var body: Data
    /// The endpoint that answered; `nil` for an unmatched request.
    public var endpoint: String?
    /// What the request got: `.error`, `.reset`… (never `flaky` or
    /// `sequence`, which pick one of the others per request). `nil` when
    /// no endpoint answered.
    public var mode: Mode?
    /// The status code sent; `nil` when no status line went out (a fault,
    /// or the client left first).
    public var status: Int?
    /// For a request no endpoint matched: the nearest endpoint and what
    /// differs, in one sentence.
    public var unmatchedReason: String?
    /// For a request refused before routing (malformed, too large, too
    /// slow): why.
    public var rejection: String?

    init(_ entry: JournalEntry) {
        self.sequence = entry.sequence
        self.method = entry.method
        let target = entry.target
        if let mark = target.firstIndex(of: "?") {
            self.path = String(target[..<mark])
            self.query = String(target[target.index(after: mark)...])
        } else {
            self.path = target
            self.query = ""
        }
        self.headers = entry.details?.requestHeaders ?? []
        self.body = Data(entry.details?.requestBody ?? [])
        self.endpoint = entry.endpointID
        self.mode = entry.mode
        self.status = entry.status.wireStatus
        self.unmatchedReason = entry.unmatched?.reason
        self.rejection = entry.rejection
    }

    /// Whether no endpoint answered it: unmatched, or refused before routing.
    public var isUnexpected: Bool {
        self.endpoint == nil
    }

    /// ``headers`` as ``RequestContent`` reads them: `header(_:)`,
    /// `bodyText` and `decodeBody(as:)` come from there.
    public var headerPairs: [(name: String, value: String)] {
        self.headers.map { ($0.name, $0.value) }
    }

    /// `POST /login → 401 (login: error)`, as failure messages list requests.
    public var description: String {
        let target = self.query.isEmpty ? self.path : "\(self.path)?\(self.query)"
        let status = self.status.map(String.init) ?? "no status line"
        if let rejection = self.rejection { return "\(self.method) \(target) → \(status) (refused: \(rejection))" }
        guard let endpoint = self.endpoint else {
            return "\(self.method) \(target) → \(status) (unmatched: \(self.unmatchedReason ?? "no endpoint"))"
        }
        return "\(self.method) \(target) → \(status) (\(endpoint): \(self.mode?.name ?? "?"))"
    }
}
