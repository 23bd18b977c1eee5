import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardModel

/// `GET /__switchboard/requests`: the journal, filtered, with or without
/// headers and bodies, at once or as a long poll.
extension ControlAPI {
    /// The longest a long poll is held: past a minute, proxies and clients
    /// time out, and a client can always ask again.
    static let longestWait = TimeAmount.seconds(60)

    /// `?limit=N` (newest N), `?unmatched=true`, `?endpoint=ID`,
    /// `?details=true` (headers and bodies, credentials redacted unless
    /// `redact=false`), `?after=SEQ` (newer entries only) and `?wait=S`
    /// (hold the answer until an entry passes the filters, for at most S
    /// seconds, capped at `longestWait`; then the list, empty or not).
    func requests(_ target: RequestTarget) -> Response {
        var limit = Int.max
        if let text = target.queryValue("limit") {
            guard let number = ControlQuery.count(text) else {
                return self.error(.badRequest, .badQuery, "limit should be a whole number, not '\(text)'")
            }
            limit = number
        }
        var after = 0
        if let text = target.queryValue("after") {
            guard let number = ControlQuery.count(text) else {
                return self.error(.badRequest, .badQuery, "after should be a request's sequence number, not '\(text)'")
            }
            after = number
        }
        var wait: TimeAmount?
        if let text = target.queryValue("wait") {
            guard let parsed = Self.waitTime(text) else {
                return self.error(
                    .badRequest, .badQuery,
                    "wait should be a number of seconds (up to \(Self.longestWait.nanoseconds / 1_000_000_000)), not '\(text)'"
                )
            }
            wait = parsed
        }
        let details: Bool
        let redact: Bool
        let unmatched: Bool?
        do {
            details = try self.flag(.details, in: target) ?? false
            redact = try self.flag(.redact, in: target) ?? true
            unmatched = try self.flag(.unmatched, in: target)
        } catch {
            return error.response
        }
        var export = JournalExport(
            journal: self.journal, format: details ? .detailedRequests(redact: redact) : .requests(redact: redact),
            unmatched: unmatched,
            endpoint: target.queryValue("endpoint"), limit: limit)
        export.after = after
        return Response(status: .ok, body: "", export: export, waitUpTo: wait)
    }

    /// Seconds, whole or not, from 0; more than `longestWait` is
    /// `longestWait`.
    static func waitTime(_ text: String) -> TimeAmount? {
        switch DurationText.read(text + "s") {
        case .success(let wait): return min(TimeAmount(wait), Self.longestWait)
        case .failure(let problem): return problem.isTooLong ? Self.longestWait : nil
        }
    }

    /// A refusal of a query parameter, thrown to the route's answer.
    struct QueryRefusal: Error {
        let response: Response
    }

    /// A yes-or-no parameter (`ControlQuery.flag`); `nil` when absent, a
    /// 400 for a value that is neither: `redact=null` must not guess.
    func flag(_ query: ControlQuery, in target: RequestTarget) throws(QueryRefusal) -> Bool? {
        guard let text = target.queryValue(query.rawValue) else { return nil }
        guard let value = ControlQuery.flag(text) else {
            throw QueryRefusal(
                response: self.error(
                    .badRequest, .badQuery, "\(query.rawValue) should be true or false, not '\(text)'"))
        }
        return value
    }
}
