import Foundation
public import SwitchboardControl
import SwitchboardTestFailure

/// URLMock's habits across processes, as `Switchboard` has them in
/// process: what should not have come in, and waiting for a request the
/// app sends in its own time — a long poll on the server, no sleeping here.
extension SwitchboardClient {
    /// Fails the current test, at the line that calls it, when any request
    /// reached no endpoint; the message lists each with the nearest
    /// endpoint. Returns whether there were none. When the server cannot be
    /// asked, that fails the test at the same line: it does not throw, as
    /// `Switchboard.verifyNoUnmatchedRequests()` in process does not, so the
    /// same line works with either.
    @discardableResult
    public func verifyNoUnmatchedRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        guard
            let unmatched = await self.asked(
                "unmatched requests", { try await self.unmatchedRequests() }, fileID: fileID, filePath: filePath,
                line: line, column: column)
        else { return false }
        return TestFailure.recordUnmatched(
            unmatched, server: self.url.absoluteString, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }

    /// Fails the current test, at the line that calls it, when any request
    /// broke its endpoint's OpenAPI description (a server started with
    /// `--validate`); the message lists each with what it broke. Returns
    /// whether there were none; a server that cannot be asked fails the
    /// test at the same line, as `verifyNoUnmatchedRequests()` does.
    @discardableResult
    public func verifyNoInvalidRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        guard
            let all = await self.asked(
                "its requests", { try await self.requests(RequestFilter(details: false)) }, fileID: fileID,
                filePath: filePath, line: line, column: column)
        else { return false }
        let invalid = all.filter { !($0.invalid ?? []).isEmpty }
        return TestFailure.recordInvalid(
            invalid, server: self.url.absoluteString, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The requests `ask` lists; `nil` when the server cannot be asked,
    /// which fails the test at the caller's line (the verifications do not
    /// throw, as in process they cannot fail that way).
    private func asked(
        _ what: String, _ ask: () async throws -> [RequestRecord], fileID: String, filePath: StaticString,
        line: UInt, column: UInt
    ) async -> [RequestRecord]? {
        do {
            return try await ask()
        } catch {
            TestFailure.record(
                "Switchboard: could not ask \(self.url.absoluteString) for \(what): \(error)", fileID: fileID,
                filePath: filePath, line: line, column: column)
            return nil
        }
    }

    /// Waits for a request to `endpoint` with a sequence number above
    /// `after` (0: any request since the journal was last cleared, so one
    /// that has already arrived returns at once) and returns it, with its
    /// headers and body. The server holds the call until one arrives
    /// (`GET …/requests?wait=`). At `timeout`, fails the current test at
    /// the caller's line, saying what did come in, and returns `nil`.
    /// Throws when no endpoint has that id or the server cannot be asked.
    @discardableResult
    public func waitForRequest(
        to endpoint: String, after sequence: Int = 0, timeout: Duration = .seconds(5), fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> RequestRecord? {
        _ = try await self.endpoint(endpoint)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        repeat {
            // The server holds a call for a minute at most; a longer timeout
            // is a few calls in a row.
            let wait = min(clock.now.duration(to: deadline), Self.longestWait)
            let found = try await self.requests(RequestFilter(endpoint: endpoint, after: sequence, wait: wait))
            if let first = found.first { return first }
        } while clock.now < deadline
        let all = try await self.requests()
        var message = "Switchboard at \(self.url.absoluteString): waited \(timeout) for a request to '\(endpoint)'"
        message += sequence > 0 ? " after #\(sequence)." : "."
        TestFailure.recordWaitedInVain(
            message, cameIn: all, fileID: fileID, filePath: filePath, line: line, column: column)
        return nil
    }

    static let longestWait = Duration.seconds(60)
}

extension SwitchboardClient {
    /// Checks, at the caller's line, that `count` requests (or between
    /// `atLeast` and `atMost`; at least one when none is given) that
    /// `selector` names and `predicate` accepts came in, as
    /// `Switchboard.verify` does in process:
    ///
    /// ```swift
    /// try await client.verify("login", count: 1, where: { $0.json["username"] == "alice" })
    /// try await client.verify(.post("/todos"), atLeast: 1)
    /// ```
    ///
    /// A wrong count fails the current test, listing every request that
    /// came in; the requests that matched are returned either way. The
    /// predicate sees headers and bodies, credentials `REDACTED` as the
    /// control API lists them. Throws when `selector` names an endpoint
    /// the server does not have, or the server cannot be asked.
    @discardableResult
    public func verify(
        _ selector: RequestSelector, count: Int? = nil, atLeast: Int? = nil, atMost: Int? = nil,
        where predicate: ((RequestRecord) -> Bool)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> [RequestRecord] {
        if let endpoint = selector.endpointID { _ = try await self.endpoint(endpoint) }
        let verification = RequestVerification(
            selector, count: count, atLeast: atLeast, atMost: atMost, where: predicate)
        let all = try await self.requests(RequestFilter(details: true))
        if let failure = verification.failure(in: all) {
            TestFailure.recordWaitedInVain(
                "Switchboard at \(self.url.absoluteString): \(failure)", cameIn: all, fileID: fileID,
                filePath: filePath, line: line, column: column)
        }
        return verification.matching(all)
    }
}
