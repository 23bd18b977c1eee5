import Foundation
public import SwitchboardControl

/// The server holds a long poll for a minute at most; a longer wait is a
/// few polls in a row.
private let longestPoll = Duration.seconds(60)

/// URLMock's habits, defined once over `requests(_:)` for every
/// `SwitchboardControlling`: an in-process `Switchboard` (SwitchboardKit)
/// and a `SwitchboardClient` check and wait the same way and fail a test
/// with the same sentence. None throws for a server that cannot be asked
/// or an id that does not exist: that fails the test at the caller's line,
/// so the same line works with either. Requests read with credentials
/// `REDACTED` unless `redact: false` asks for them.
extension SwitchboardControlling {
    /// Fails the current test, at the line that calls it, when any request
    /// reached no endpoint; the message lists each with the nearest endpoint
    /// and what differs. Returns whether there were none.
    @discardableResult
    public func verifyNoUnmatchedRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let place = Place(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let unmatched = await self.asked("unmatched requests", at: place, { try await self.unmatchedRequests() })
        else { return false }
        return TestFailure.recordUnmatched(
            unmatched, server: self.baseURL.absoluteString, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Fails the current test, at the line that calls it, when any request
    /// broke its endpoint's OpenAPI description (served with validation
    /// on); the message lists each with what it broke
    /// (`body.price: expected number`). Returns whether there were none.
    @discardableResult
    public func verifyNoInvalidRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let place = Place(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let invalid = await self.asked("its requests", at: place, { try await self.invalidRequests() })
        else { return false }
        return TestFailure.recordInvalid(
            invalid, server: self.baseURL.absoluteString, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks, at the caller's line, that `count` requests (or between
    /// `atLeast` and `atMost`; at least one when none is given) that
    /// `selector` names and `predicate` accepts came in:
    ///
    /// ```swift
    /// try await board.verify("login", count: 1, where: { $0.json["username"] == "alice" })
    /// try await board.verify(.post("/todos"), atLeast: 1)
    /// ```
    ///
    /// A wrong count fails the current test, saying what was expected and
    /// listing every request that came in; the requests that matched are
    /// returned either way. Counts what the journal keeps (the newest
    /// 10,000). The predicate sees credentials `REDACTED` unless
    /// `redact: false`. Throws when `selector` names an endpoint the server
    /// does not have, or the server cannot be asked.
    @discardableResult
    public func verify(
        _ selector: RequestSelector, count: Int? = nil, atLeast: Int? = nil, atMost: Int? = nil,
        redact: Bool = true, where predicate: ((RequestRecord) -> Bool)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> [RequestRecord] {
        if let endpoint = selector.endpointID { _ = try await self.endpoint(endpoint) }
        let verification = RequestVerification(
            selector, count: count, atLeast: atLeast, atMost: atMost, where: predicate)
        let all = try await self.requests(redact: redact)
        if let failure = verification.failure(in: all) {
            TestFailure.recordWaitedInVain(
                "Switchboard at \(self.baseURL.absoluteString): \(failure)", cameIn: all, fileID: fileID,
                filePath: filePath, line: line, column: column)
        }
        return verification.matching(all)
    }

    /// Waits until `endpoint` has received `count` requests with a sequence
    /// number above `after` (0: those already in count), and returns them.
    /// The server holds each call until one arrives (`GET …/requests?wait=`),
    /// so nothing polls. At `timeout`, fails the current test at the
    /// caller's line, saying what did arrive, and returns the requests
    /// there are.
    @discardableResult
    public func awaitRequests(
        to endpoint: String, count: Int, after sequence: Int = 0, timeout: Duration = .seconds(5),
        redact: Bool = true, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async -> [RequestRecord] {
        let place = Place(fileID: fileID, filePath: filePath, line: line, column: column)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        let found = await self.asked("requests to '\(endpoint)'", at: place) {
            _ = try await self.endpoint(endpoint)
            var found: [RequestRecord] = []
            var last = sequence
            repeat {
                let wait = max(.zero, min(clock.now.duration(to: deadline), longestPoll))
                let more = try await self.requests(
                    RequestFilter(endpoint: endpoint, after: last, redact: redact, wait: wait))
                found += more
                last = more.last?.sequence ?? last
            } while found.count < count && clock.now < deadline
            return found
        }
        guard let found else { return [] }
        if found.count < count {
            let wanted = count == 1 ? "a request" : "\(count) requests"
            let after = sequence > 0 ? " after #\(sequence)" : ""
            let all = (try? await self.requests(redact: redact)) ?? []
            TestFailure.recordWaitedInVain(
                "Switchboard at \(self.baseURL.absoluteString): waited \(timeout) for \(wanted) to '\(endpoint)'"
                    + "\(after) and got \(found.count).", cameIn: all, fileID: fileID, filePath: filePath,
                line: line, column: column)
        }
        return found
    }

    /// Waits for the first request to `endpoint` with a sequence number
    /// above `after` (0: one that has already arrived returns at once) and
    /// returns it, with its headers and body. At `timeout`, fails the
    /// current test at the caller's line, saying what did come in, and
    /// returns `nil`.
    @discardableResult
    public func waitForRequest(
        to endpoint: String, after sequence: Int = 0, timeout: Duration = .seconds(5), redact: Bool = true,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> RequestRecord? {
        await self.awaitRequests(
            to: endpoint, count: 1, after: sequence, timeout: timeout, redact: redact, fileID: fileID,
            filePath: filePath, line: line, column: column
        ).first
    }

    /// What `ask` answers; `nil` when it throws (the server cannot be
    /// asked, or an id does not exist), which fails the test at `place`.
    private func asked<Value>(
        _ what: String, at place: Place, _ ask: () async throws -> Value
    ) async -> Value? {
        do {
            return try await ask()
        } catch {
            TestFailure.record(
                "Switchboard: could not ask \(self.baseURL.absoluteString) for \(what): \(error)",
                fileID: place.fileID, filePath: place.filePath, line: place.line, column: place.column)
            return nil
        }
    }
}

/// The caller's line, passed on to the failure.
private struct Place {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
}
