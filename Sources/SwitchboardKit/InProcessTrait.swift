#if canImport(Testing)
    public import Foundation
    public import Testing

    extension Trait where Self == SwitchboardTrait {
        /// A fresh in-process ``Switchboard`` for each test, serving the
        /// fixtures folder `fixtures` (a relative path is taken from the
        /// folder of the file the trait is written in, as with
        /// `.switchboard(_:)`). No port: the code under test must use
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
        public static func switchboardInProcess(_ fixtures: String, filePath: String = #filePath) -> Self {
            let folder = ManifestSource.file(fixtures, besides: filePath)
            return SwitchboardTrait(source: { .folder(folder) }, inProcess: true)
        }

        /// A fresh in-process ``Switchboard`` for each test, serving the
        /// fixtures folder at the URL `fixtures` (a bundle's resource).
        public static func switchboardInProcess(_ fixtures: URL) -> Self {
            SwitchboardTrait(source: { .folder(fixtures) }, inProcess: true)
        }

        /// A fresh in-process ``Switchboard`` for each test, serving the
        /// OpenAPI description `openAPI` (relative to the test file's folder
        /// unless absolute), checking requests against it when `validate`.
        public static func switchboardInProcess(
            openAPI: String, validate: Bool = false, filePath: String = #filePath
        ) -> Self {
            let description = ManifestSource.file(openAPI, besides: filePath)
            return SwitchboardTrait(
                source: { .description(description, validate: validate, seed: nil) }, inProcess: true)
        }

        /// A fresh in-process ``Switchboard`` for each test, serving
        /// endpoints (and, when given, scenarios) declared in code.
        public static func switchboardInProcess(
            @EndpointsBuilder endpoints: @escaping @Sendable () -> [Endpoint],
            @ScenariosBuilder scenarios: @escaping @Sendable () -> [Scenario] = { [] }
        ) -> Self {
            SwitchboardTrait(source: { .declared(endpoints(), scenarios: scenarios()) }, inProcess: true)
        }
    }
#endif
