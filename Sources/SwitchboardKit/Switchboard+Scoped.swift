public import Foundation
public import SwitchboardCore

/// Scoped starts: an instance for the length of a block, stopped however
/// the block ends. `stop()` is `async`, and a `defer` cannot `await`, so
/// outside a trait (which stops its instance itself) this is the way not to
/// leave one running when a test throws. Inside the block the instance is
/// ``current`` too, as in a test the trait marks.
extension Switchboard {
    /// Serves the fixtures folder at `fixtures` while `body` runs.
    ///
    /// ```swift
    /// try await Switchboard.with(fixtures: fixturesURL) { board in
    ///     try await board.set("login", .error)
    ///     // … exercise the code under test against board.baseURL …
    /// }
    /// ```
    public static func with<Result>(
        fixtures: URL, descriptions: DescriptionFormats = .none, port: Int = 0,
        _ body: (Switchboard) async throws -> Result
    ) async throws -> Result {
        let board = try await Self.start(fixtures: fixtures, descriptions: descriptions, port: port)
        return try await board.serving { try await body(board) }
    }

    /// Serves the fixtures folder at `path` (relative to the current
    /// directory) while `body` runs.
    public static func with<Result>(
        fixtures path: String, descriptions: DescriptionFormats = .none, port: Int = 0,
        _ body: (Switchboard) async throws -> Result
    ) async throws -> Result {
        try await Self.with(fixtures: URL(fileURLWithPath: path), descriptions: descriptions, port: port, body)
    }

    /// Serves endpoints (and scenarios) declared in code while `body` runs.
    ///
    /// ```swift
    /// try await Switchboard.with {
    ///     Endpoint.post("/login", id: "login").json(#"{"token":"abc"}"#)
    /// } run: { board in
    ///     try await board.set("login", .serverError)
    /// }
    /// ```
    public static func with<Result>(
        port: Int = 0, @EndpointsBuilder endpoints: () -> [Endpoint],
        @ScenariosBuilder scenarios: () -> [Scenario] = { [] }, run body: (Switchboard) async throws -> Result
    ) async throws -> Result {
        let board = try await Self.start(port: port, endpoints: endpoints, scenarios: scenarios)
        return try await board.serving { try await body(board) }
    }
}
