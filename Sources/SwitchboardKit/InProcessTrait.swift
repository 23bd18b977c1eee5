#if canImport(Testing)
    public import Foundation
    public import Testing

    /// Gives each test its own in-process ``Switchboard`` (no port),
    /// reachable as ``Switchboard/current``: the code under test must use
    /// `Switchboard.current.urlSession()`, whose requests
    /// ``SwitchboardURLProtocol`` answers.
    ///
    /// ```swift
    /// @Test(.switchboardInProcess("Fixtures"))
    /// func rateLimitIsReported() async throws {
    ///     let board = Switchboard.current
    ///     try await board.set("coinlist", .error)
    ///     let client = CoinClient(baseURL: board.baseURL, session: board.urlSession())
    /// }
    /// ```
    public struct SwitchboardInProcessTrait: TestTrait, SuiteTrait, TestScoping {
        enum Source: Sendable {
            case folder(URL)
            case endpoints(@Sendable () -> [Endpoint])
        }

        let source: Source

        /// Marking a suite gives every test in it an instance of its own.
        public var isRecursive: Bool { true }

        /// Only a test case gets an instance; the suite itself does not.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> SwitchboardInProcessTrait? {
            testCase == nil ? nil : self
        }

        /// Makes the test's instance, runs the test with it as
        /// ``Switchboard/current``, and stops it.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let board: Switchboard
            switch self.source {
            case .folder(let folder): board = try await Switchboard.inProcess(fixtures: folder)
            case .endpoints(let endpoints): board = try Switchboard.inProcess(endpoints: endpoints)
            }
            try await board.serving { try await function() }
        }
    }

    extension Trait where Self == SwitchboardInProcessTrait {
        /// A fresh in-process ``Switchboard`` for each test, serving the
        /// fixtures folder `fixtures` (a relative path is taken from the
        /// folder of the file the trait is written in, as with
        /// `.switchboard(_:)`).
        public static func switchboardInProcess(_ fixtures: String, filePath: String = #filePath) -> Self {
            let folder =
                fixtures.hasPrefix("/")
                ? URL(fileURLWithPath: fixtures)
                : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(fixtures)
            return SwitchboardInProcessTrait(source: .folder(folder.standardizedFileURL))
        }

        /// A fresh in-process ``Switchboard`` for each test, serving the
        /// fixtures folder at the URL `fixtures` (a bundle's resource).
        public static func switchboardInProcess(_ fixtures: URL) -> Self {
            SwitchboardInProcessTrait(source: .folder(fixtures))
        }

        /// A fresh in-process ``Switchboard`` for each test, serving
        /// endpoints declared in code.
        public static func switchboardInProcess(
            @EndpointsBuilder endpoints: @escaping @Sendable () -> [Endpoint]
        ) -> Self {
            SwitchboardInProcessTrait(source: .endpoints(endpoints))
        }
    }
#endif
