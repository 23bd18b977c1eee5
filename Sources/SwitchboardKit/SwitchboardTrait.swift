#if canImport(Testing)
    public import Foundation
    public import SwitchboardCore
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
        /// What each test's instance serves, made when the test starts
        /// (endpoints declared in code are declared anew for each).
        let source: @Sendable () -> ManifestSource
        /// Without a port, answered by ``SwitchboardURLProtocol``
        /// (`.switchboardInProcess`), or on a port of its own.
        let inProcess: Bool

        /// `package`, for the traits `SwitchboardOpenAPI` adds.
        package init(source: @escaping @Sendable () -> ManifestSource, inProcess: Bool = false) {
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
            let manifest = try await self.source().manifest()
            let board =
                self.inProcess
                ? Switchboard.inProcess(manifest: manifest) : try await Switchboard.start(manifest: manifest, port: 0)
            try await board.serving { try await function() }
        }
    }

    extension Trait where Self == SwitchboardTrait {
        /// A fresh ``Switchboard`` for each test, serving the fixtures folder
        /// `fixtures`. A relative path is taken from the folder of the file
        /// the trait is written in (`#filePath`), so `"Fixtures"` is the
        /// folder next to the test file, wherever `swift test` runs from; an
        /// absolute path is used as it is. A manifest that starts from an
        /// OpenAPI description (`openapi:`) needs `descriptions: .openAPI`,
        /// from the `SwitchboardOpenAPI` product.
        public static func switchboard(
            _ fixtures: String, descriptions: DescriptionFormats = .none, filePath: String = #filePath
        ) -> Self {
            let folder = ManifestSource.file(fixtures, besides: filePath)
            return SwitchboardTrait { .folder(folder, descriptions: descriptions) }
        }

        /// A fresh ``Switchboard`` for each test, serving the fixtures folder
        /// at `fixtures`: a bundle's resource, e.g.
        /// `Bundle.module.url(forResource: "Fixtures", withExtension: nil)!`,
        /// for tests that run where the sources are not (a device).
        public static func switchboard(_ fixtures: URL, descriptions: DescriptionFormats = .none) -> Self {
            SwitchboardTrait { .folder(fixtures, descriptions: descriptions) }
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
            SwitchboardTrait { .declared(endpoints(), scenarios: scenarios()) }
        }
    }
#endif
