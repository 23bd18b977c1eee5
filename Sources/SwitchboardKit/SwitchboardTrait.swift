#if canImport(Testing)
    public import Foundation
    public import Testing

    /// Gives each test (each case of a parameterised test, each test of a
    /// suite it marks) its own ``Switchboard``, reachable as
    /// ``Switchboard/current`` and stopped when the test ends.
    ///
    /// ```swift
    /// @Test(.switchboard("Fixtures"))
    /// func wrongPasswordIsReported() async throws {
    ///     try await Switchboard.current.set("login", .error)
    /// }
    /// ```
    public struct SwitchboardTrait: TestTrait, SuiteTrait, TestScoping {
        enum Source: Sendable {
            case folder(URL)
            /// An OpenAPI description, checking requests when `validate`.
            case description(URL, validate: Bool)
            case endpoints(@Sendable () -> [Endpoint], scenarios: @Sendable () -> [Scenario])
        }

        let source: Source
        /// Without a port, answered by ``SwitchboardURLProtocol``
        /// (`.switchboardInProcess`), or on a port of its own.
        let inProcess: Bool

        init(source: Source, inProcess: Bool = false) {
            self.source = source
            self.inProcess = inProcess
        }

        /// Marking a suite gives every test in it an instance of its own.
        public var isRecursive: Bool { true }

        /// Only a test case gets an instance; the suite itself does not.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> SwitchboardTrait? {
            testCase == nil ? nil : self
        }

        /// Starts the test's instance, runs the test with it as
        /// ``Switchboard/current``, and stops it.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let board: Switchboard
            switch (self.source, self.inProcess) {
            case (.folder(let folder), false): board = try await Switchboard.start(fixtures: folder)
            case (.endpoints(let endpoints, let scenarios), false):
                board = try await Switchboard.start(endpoints: endpoints, scenarios: scenarios)
            case (.description(let url, let validate), false):
                board = try await Switchboard.start(openAPI: url, validate: validate)
            case (.folder(let folder), true): board = try await Switchboard.inProcess(fixtures: folder)
            case (.description(let url, let validate), true):
                board = try await Switchboard.inProcess(openAPI: url, validate: validate)
            case (.endpoints(let endpoints, let scenarios), true):
                board = try Switchboard.inProcess(endpoints: endpoints, scenarios: scenarios)
            }
            try await board.serving { try await function() }
        }
    }

    extension Trait where Self == SwitchboardTrait {
        /// A fresh ``Switchboard`` for each test, serving the fixtures folder
        /// `fixtures`. A relative path is taken from the folder of the file
        /// the trait is written in (`#filePath`), so `"Fixtures"` is the
        /// folder next to the test file, wherever `swift test` runs from; an
        /// absolute path is used as it is.
        public static func switchboard(_ fixtures: String, filePath: String = #filePath) -> Self {
            SwitchboardTrait(source: .folder(Self.folder(fixtures, besides: filePath)))
        }

        /// `fixtures` as the traits take it: relative to the test file's
        /// folder unless absolute.
        static func folder(_ fixtures: String, besides filePath: String) -> URL {
            let folder =
                fixtures.hasPrefix("/")
                ? URL(fileURLWithPath: fixtures)
                : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(fixtures)
            return folder.standardizedFileURL
        }

        /// A fresh ``Switchboard`` for each test, serving the fixtures folder
        /// at `fixtures`: a bundle's resource, e.g.
        /// `Bundle.module.url(forResource: "Fixtures", withExtension: nil)!`,
        /// for tests that run where the sources are not (a device).
        public static func switchboard(_ fixtures: URL) -> Self {
            SwitchboardTrait(source: .folder(fixtures))
        }

        /// A fresh ``Switchboard`` for each test, serving the OpenAPI
        /// description `openAPI` (relative to the test file's folder unless
        /// absolute), checking requests against it when `validate`:
        ///
        /// ```swift
        /// @Suite(.switchboard(openAPI: "openapi.yaml", validate: true))
        /// struct PetListTests { … }
        /// ```
        public static func switchboard(openAPI: String, validate: Bool = false, filePath: String = #filePath) -> Self {
            SwitchboardTrait(source: .description(Self.folder(openAPI, besides: filePath), validate: validate))
        }

        /// A fresh ``Switchboard`` for each test, serving endpoints (and,
        /// when given, scenarios) declared in code:
        ///
        /// ```swift
        /// @Test(.switchboard {
        ///     Endpoint.get("/coins", id: "coins").json(#"{"coins":[]}"#)
        /// } scenarios: {
        ///     Scenario("outage").all(.serverError)
        /// })
        /// ```
        public static func switchboard(
            @EndpointsBuilder endpoints: @escaping @Sendable () -> [Endpoint],
            @ScenariosBuilder scenarios: @escaping @Sendable () -> [Scenario] = { [] }
        ) -> Self {
            SwitchboardTrait(source: .endpoints(endpoints, scenarios: scenarios))
        }
    }
#endif
