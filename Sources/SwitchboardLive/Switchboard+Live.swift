public import Foundation
public import SwitchboardCore
public import SwitchboardKit
import SwitchboardServer
import SwitchboardUpstream

/// Live passthrough spans four modules, each for a reason: the upstream's
/// address (`SwitchboardCore`'s `Upstream/UpstreamURL`); the server's side
/// of a live request, its relay, toxics and the answers kept for recording
/// (`SwitchboardServer`'s `Upstream` and `Live*` files); the AsyncHTTPClient
/// transport (`SwitchboardUpstream`, apart so that SwitchboardKit builds
/// without BoringSSL); and SwitchboardKit's `start(fixtures:upstream:)`
/// (`SwitchboardLive`, a library of its own for the same reason).
extension Switchboard {
    /// Loads the fixtures folder at `fixtures` and starts serving it in
    /// front of the real API at `upstream`: endpoints set to `.live`, and
    /// requests no endpoint matches, go to it and come back as it answered;
    /// every other mode answers from the fixtures as usual, so a test can
    /// fail one endpoint of a real backend.
    ///
    /// ```swift
    /// let board = try await Switchboard.start(
    ///     fixtures: fixtures, upstream: URL(string: "https://staging.example.com")!)
    /// try await board.set("login", .serverError)  // the rest stays real
    /// ```
    ///
    /// `descriptions: .openAPI` (from `SwitchboardOpenAPI`) reads a
    /// manifest's `openapi:` description.
    ///
    /// Throws when `upstream` is not an `http` or `https` address without
    /// query, fragment or credentials, when the folder does not load, and
    /// when the port cannot be bound.
    public static func start(
        fixtures: URL, upstream: URL, descriptions: DescriptionFormats = .none, port: Int = 0
    ) async throws -> Switchboard {
        let parsed: UpstreamURL
        switch UpstreamURL.parse(upstream.absoluteString) {
        case .success(let url): parsed = url
        case .failure(let problem): throw LiveSetupError(message: problem.message)
        }
        return try await self.start(
            fixtures: fixtures, descriptions: descriptions, port: port, upstream: UpstreamSettings(url: parsed),
            transport: AsyncHTTPClientTransport.maker)
    }

    /// As ``start(fixtures:upstream:descriptions:port:)-(URL,_,_,_)``, with
    /// the fixtures folder at `path`, relative to the current directory.
    public static func start(
        fixtures path: String, upstream: URL, descriptions: DescriptionFormats = .none, port: Int = 0
    ) async throws -> Switchboard {
        try await self.start(
            fixtures: URL(fileURLWithPath: path), upstream: upstream, descriptions: descriptions, port: port)
    }
}

/// Why a server in front of a real API could not start.
public struct LiveSetupError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String
    public var description: String { self.message }
}
