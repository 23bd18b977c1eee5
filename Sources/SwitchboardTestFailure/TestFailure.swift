#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Fails the test that is running, at the caller's line: a Swift Testing
/// issue inside a `@Test`, an `XCTFail` inside an XCTest case. Callers pass
/// on the `#fileID`, `#filePath`, `#line` and `#column` they were given, so
/// the failure points at the test, not at this library.
///
/// A module of its own so that `SwitchboardKit` and the URLSession-only
/// `SwitchboardClient` share it, and the server's graph never imports a
/// test framework.
public enum TestFailure {
    public static func record(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: Testing.SourceLocation(
                        fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: line)
        #else
            print("\(fileID):\(line): \(message)")
        #endif
    }
}

extension TestFailure {
    /// `verifyNoUnmatchedRequests`, in process and across processes: fails
    /// the test when `unmatched` is not empty, listing each; returns whether
    /// it was empty.
    public static func recordUnmatched(
        _ unmatched: [some CustomStringConvertible], server: String, fileID: String, filePath: StaticString,
        line: UInt, column: UInt
    ) -> Bool {
        self.recordListing(
            unmatched, "Switchboard at \(server) received \(self.count(unmatched.count)) no endpoint answered",
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// One failure for a list that should be empty: `heading`, then each
    /// item on a line of its own. Returns whether the list was empty.
    static func recordListing(
        _ items: [some CustomStringConvertible], _ heading: String, fileID: String, filePath: StaticString,
        line: UInt, column: UInt
    ) -> Bool {
        guard !items.isEmpty else { return true }
        self.record(
            heading + ":\n" + items.map { "  \($0)" }.joined(separator: "\n"), fileID: fileID, filePath: filePath,
            line: line, column: column)
        return false
    }

    /// `1 request`, `3 requests`.
    static func count(_ number: Int) -> String {
        number == 1 ? "1 request" : "\(number) requests"
    }
}

extension TestFailure {
    /// Requests that break their endpoint's OpenAPI description, in process
    /// and across processes: records one failure listing each and what it
    /// breaks. Returns whether there were none.
    public static func recordInvalid(
        _ invalid: [some CustomStringConvertible], server: String, fileID: String, filePath: StaticString,
        line: UInt, column: UInt
    ) -> Bool {
        let breaks = invalid.count == 1 ? "breaks" : "break"
        return self.recordListing(
            invalid,
            "Switchboard at \(server) received \(self.count(invalid.count)) that \(breaks) the OpenAPI description",
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A wait for requests that timed out, in process and across processes:
    /// `sentence` says what was awaited, and every request that did come in
    /// follows it.
    public static func recordWaitedInVain(
        _ sentence: String, cameIn all: [some CustomStringConvertible], fileID: String, filePath: StaticString,
        line: UInt, column: UInt
    ) {
        let arrived =
            all.isEmpty
            ? " No request came in at all."
            : " What came in:\n" + all.map { "  \($0)" }.joined(separator: "\n")
        self.record(sentence + arrived, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
