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
