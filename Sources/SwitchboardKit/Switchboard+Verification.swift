public import SwitchboardControl
import SwitchboardTestFailure

/// URLMock's habits: what came in, what should not have, and waiting for
/// a request the code under test sends from a task of its own.
extension Switchboard {
    /// Requests no endpoint answered: those that matched no endpoint, and
    /// those refused before routing (malformed, too large, too slow).
    public func unmatchedRequests() async -> [ReceivedRequest] {
        self.received { $0.endpointID == nil }
    }

    /// Fails the current test, at the line that calls it, when any request
    /// reached no endpoint; the message lists each with the nearest endpoint
    /// and what differs. Returns whether there were none.
    @discardableResult
    public func verifyNoUnmatchedRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let unmatched = await self.unmatchedRequests()
        return TestFailure.recordUnmatched(
            unmatched, server: self.baseURL.absoluteString, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }

    /// Requests that broke their endpoint's OpenAPI description (served
    /// with validation on), each with what it broke (`invalid`).
    public func invalidRequests() async -> [ReceivedRequest] {
        self.received { !$0.invalid.isEmpty }
    }

    /// Fails the current test, at the line that calls it, when any request
    /// broke its endpoint's OpenAPI description; the message lists each
    /// with what it broke (`body.price: expected number`). Returns whether
    /// there were none.
    @discardableResult
    public func verifyNoInvalidRequests(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let invalid = await self.invalidRequests()
        return TestFailure.recordInvalid(
            invalid, server: self.baseURL.absoluteString, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Waits until `endpoint` has received `count` requests in all (those
    /// already in count), without polling: the journal wakes the wait when a
    /// request is recorded. Returns the endpoint's requests. At `timeout`,
    /// fails the current test at the caller's line, saying what did arrive,
    /// and returns the requests there are.
    @discardableResult
    public func awaitRequests(
        to endpoint: String, count: Int, timeout: Duration = .seconds(5), fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [ReceivedRequest] {
        do {
            try self.checkEndpoint(endpoint)
        } catch {
            TestFailure.record(
                "Switchboard: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
            return []
        }
        let journal = self.journal
        let arrived = await self.arrivals.wait(for: timeout) {
            journal.entries(after: 0).entries.lazy.filter { $0.endpointID == endpoint }.count >= count
        }
        let requests = self.received { $0.endpointID == endpoint }
        if !arrived {
            let all = self.received { _ in true }
            let wanted = count == 1 ? "a request" : "\(count) requests"
            let got = requests.count == 1 ? "1" : "\(requests.count)"
            TestFailure.recordWaitedInVain(
                "Switchboard: waited \(timeout) for \(wanted) to '\(endpoint)' and got \(got).", cameIn: all,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return requests
    }

    /// Waits for the first request to `endpoint` (returning at once when one
    /// has already arrived). At `timeout`, fails the current test at the
    /// caller's line and returns `nil`.
    @discardableResult
    public func waitForRequest(
        to endpoint: String, timeout: Duration = .seconds(5), fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ReceivedRequest? {
        await self.awaitRequests(
            to: endpoint, count: 1, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column
        ).first
    }
}

extension Switchboard {
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
    /// 10,000). Throws when `selector` names an endpoint no manifest has.
    @discardableResult
    public func verify(
        _ selector: RequestSelector, count: Int? = nil, atLeast: Int? = nil, atMost: Int? = nil,
        where predicate: ((ReceivedRequest) -> Bool)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> [ReceivedRequest] {
        if let endpoint = selector.endpointID { try self.checkEndpoint(endpoint) }
        let verification = RequestVerification(
            selector, count: count, atLeast: atLeast, atMost: atMost, where: predicate)
        let all = self.received { _ in true }
        if let failure = verification.failure(in: all) {
            TestFailure.recordWaitedInVain(
                "Switchboard: \(failure)", cameIn: all, fileID: fileID, filePath: filePath, line: line,
                column: column)
        }
        return verification.matching(all)
    }
}
