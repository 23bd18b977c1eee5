#if canImport(Testing)
    public import Foundation
    public import SwitchboardCore
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
        public static func switchboardInProcess(
            _ fixtures: String, descriptions: DescriptionFormats = .none, filePath: String = #filePath
        ) -> Self {
            let folder = ManifestSource.file(fixtures, besides: filePath)
            return SwitchboardTrait(source: { .folder(folder, descriptions: descriptions) }, inProcess: true)
        }

        /// A fresh in-process ``Switchboard`` for each test, serving the
        /// fixtures folder at the URL `fixtures` (a bundle's resource).
        public static func switchboardInProcess(_ fixtures: URL, descriptions: DescriptionFormats = .none) -> Self {
            SwitchboardTrait(source: { .folder(fixtures, descriptions: descriptions) }, inProcess: true)
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
