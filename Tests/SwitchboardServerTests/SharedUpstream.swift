import SwitchboardTestSupport
import Testing

/// One `TestUpstream` for every test of a suite: started before its first
/// test and stopped after its last, so a suite of many small live tests
/// pays for one Python process rather than one each. Tests run in
/// parallel against it; each reads it as `SharedUpstream.current`.
struct SharedUpstream: SuiteTrait, TestScoping {
    @TaskLocal private static var running: TestUpstream?

    /// The suite's upstream; throws outside a suite marked `.sharedUpstream`.
    static var current: TestUpstream {
        get throws {
            guard let running = Self.running else { throw NotShared() }
            return running
        }
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TestUpstream.start().serving { upstream in
            try await Self.$running.withValue(upstream) { try await function() }
        }
    }
}

struct NotShared: Error, CustomStringConvertible {
    var description: String { "the suite is not marked .sharedUpstream" }
}

extension Trait where Self == SharedUpstream {
    /// Every test of the suite talks to one upstream (see `SharedUpstream`).
    static var sharedUpstream: Self { Self() }
}
