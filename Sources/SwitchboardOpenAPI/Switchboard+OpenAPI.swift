public import Foundation
public import SwitchboardKit
import SwitchboardSpecEndpoints

/// SwitchboardKit serving OpenAPI descriptions: a library of its own, as it
/// links OpenAPIKit (through `SwitchboardSpecEndpoints`), which an app's
/// test target that serves fixtures folders does without, as
/// `SwitchboardLive` carries the HTTP client. A folder whose manifest says
/// `openapi: api.yaml` is served with `descriptions: .openAPI`.
extension Switchboard {
    /// Serves the OpenAPI 3.0 or 3.1 description at `openAPI` (YAML or
    /// JSON) on `port` (0: any free port). With `validate`, a request that
    /// breaks its operation is answered 422 (401, 415) naming each
    /// violation, and `verifyNoInvalidRequests()`
    /// fails the test that sent it. `seed` picks the bodies generated from
    /// schemas where the description has no example (the same seed, the
    /// same bodies).
    ///
    /// ```swift
    /// let board = try await Switchboard.start(openAPI: specURL, validate: true)
    /// try await board.set("findPets", .serverError)  // the documented 5xx or default
    /// ```
    public static func start(
        openAPI: URL, validate: Bool = false, seed: UInt64? = nil, port: Int = 0
    ) async throws -> Switchboard {
        try await self.start(
            manifest: try await ManifestSource.description(
                openAPI, validate: validate, seed: seed, descriptions: .openAPI
            ).manifest(), port: port)
    }

    /// Serves the description at `openAPI` in-process, without a port: the
    /// code under test uses `urlSession()`, and `offline` and
    /// `url_error:NAME` fail its requests as a device would.
    public static func inProcess(
        openAPI: URL, validate: Bool = false, seed: UInt64? = nil
    ) async throws -> Switchboard {
        self.inProcess(
            manifest: try await ManifestSource.description(
                openAPI, validate: validate, seed: seed, descriptions: .openAPI
            ).manifest())
    }

    /// Serves the OpenAPI description at `openAPI` while `body` runs (see
    /// `start(openAPI:validate:seed:port:)`).
    public static func with<Result>(
        openAPI: URL, validate: Bool = false, seed: UInt64? = nil, port: Int = 0,
        _ body: (Switchboard) async throws -> Result
    ) async throws -> Result {
        let board = try await Self.start(openAPI: openAPI, validate: validate, seed: seed, port: port)
        return try await board.serving { try await body(board) }
    }
}
