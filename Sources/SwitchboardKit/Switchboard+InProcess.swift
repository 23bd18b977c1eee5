import Atomics
public import Foundation
public import SwitchboardCore
import SwitchboardServer

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Switchboard without a port: the same manifest, modes, control and
/// verification, answered to a `URLSession` by ``SwitchboardURLProtocol``
/// inside the process. Nothing is bound and no event loop runs, so an
/// instance costs a panel and a journal; requests must go through
/// ``urlSession()`` (or a configuration from ``urlSessionConfiguration(_:)``).
extension Switchboard {
    /// Loads the fixtures folder at `fixtures` and answers it in-process.
    /// ``baseURL`` is `http://switchboard-N.invalid`: a host of its own per
    /// instance, which no resolver knows, so a request that misses the
    /// protocol (a plain `URLSession.shared`) fails at once with
    /// `.cannotFindHost` instead of reaching something real. ``port`` is 0.
    /// `descriptions: .openAPI` (from `SwitchboardOpenAPI`) reads a
    /// manifest's `openapi:` description.
    public static func inProcess(
        fixtures: URL, descriptions: DescriptionFormats = .none
    ) async throws -> Switchboard {
        self.inProcess(manifest: try await ManifestSource.folder(fixtures, descriptions: descriptions).manifest())
    }

    /// Loads the fixtures folder at `path` (relative to the current
    /// directory) and answers it in-process.
    public static func inProcess(
        fixtures path: String, descriptions: DescriptionFormats = .none
    ) async throws -> Switchboard {
        try await self.inProcess(fixtures: URL(fileURLWithPath: path), descriptions: descriptions)
    }

    /// Answers endpoints (and, when given, scenarios) declared in code
    /// in-process, no files. Throws an ``EndpointDeclarationError`` listing
    /// every problem in the declarations.
    public static func inProcess(
        @EndpointsBuilder endpoints: () -> [Endpoint], @ScenariosBuilder scenarios: () -> [Scenario] = { [] }
    ) throws -> Switchboard {
        self.inProcess(manifest: try Endpoint.manifest(of: endpoints(), scenarios: scenarios()))
    }

    /// The one way an in-process instance comes up. `package`, for the
    /// starters `SwitchboardOpenAPI` adds.
    package static func inProcess(manifest: Manifest) -> Switchboard {
        let panel = ControlPanel(manifest: manifest)
        let journal = RequestJournal(capacity: 10_000)
        let number = Self.inProcessCount.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
        return Switchboard(
            panel: panel, journal: journal, server: nil, answers: InProcessAnswers(panel: panel, journal: journal),
            port: 0, baseURL: URL(string: "http://switchboard-\(number).invalid")!)
    }

    private static let inProcessCount = ManagedAtomic<Int>(0)

    /// `base` (by default an ephemeral configuration) with
    /// ``SwitchboardURLProtocol`` first in `protocolClasses`: requests to
    /// ``baseURL`` are answered in-process, others go on as before. Works
    /// for an instance with a port too: its requests then skip the socket
    /// and still land in its journal.
    public func urlSessionConfiguration(_ base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        // A copy: the caller's configuration stays as it was.
        let configuration = base.copy() as? URLSessionConfiguration ?? base
        configuration.protocolClasses = [SwitchboardURLProtocol.self] + (base.protocolClasses ?? [])
        return configuration
    }

    /// A session whose requests to ``baseURL`` are answered in-process.
    public func urlSession() -> URLSession {
        URLSession(configuration: self.urlSessionConfiguration())
    }
}
