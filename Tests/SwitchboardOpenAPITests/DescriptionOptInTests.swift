import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import SwitchboardOpenAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fixtures folder whose manifest says `openapi: openapi.yaml` is served
/// by SwitchboardKit once the test opts in with `descriptions: .openAPI`
/// (from this product): the description's operations and the manifest's
/// own endpoints alike, on a port, in-process and through the trait.
/// Without it SwitchboardKit refuses the folder (`DescriptionRefusalTests`
/// in SwitchboardKitTests).
@Suite struct DescriptionOptInTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func status(_ session: URLSession, _ url: URL) async throws -> Int {
        let (_, response) = try await session.data(from: url)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test func aFolderStartingFromADescriptionIsServedWithTheOptIn() async throws {
        try await Switchboard.with(fixtures: Self.fixtures, descriptions: .openAPI) { board async throws in
            let session = URLSession(configuration: .ephemeral)
            #expect(try await Self.status(session, board.baseURL.appendingPathComponent("/pets")) == 200)
            #expect(try await Self.status(session, board.baseURL.appendingPathComponent("/health")) == 200)
            try await board.set("listPets", .serverError)
            #expect(try await Self.status(session, board.baseURL.appendingPathComponent("/pets")) == 500)
        }
    }

    @Test func inProcessToo() async throws {
        let board = try await Switchboard.inProcess(fixtures: Self.fixtures, descriptions: .openAPI)
        try await stopping(board) { () async throws in
            #expect(try await Self.status(board.urlSession(), board.baseURL.appendingPathComponent("/pets")) == 200)
        }
    }

    @Test(.switchboard("Fixtures", descriptions: .openAPI))
    func throughTheTrait() async throws {
        let board = Switchboard.current
        let session = URLSession(configuration: .ephemeral)
        #expect(try await Self.status(session, board.baseURL.appendingPathComponent("/pets")) == 200)
    }

    /// The description's scoped start serves its operations for the block
    /// and stops after it, as the fixtures' does (moved from
    /// ScopedStartTests with `Switchboard.with(openAPI:)`).
    @Test func aDescriptionIsServedForTheBlock() async throws {
        let session = URLSession(configuration: .ephemeral)
        let base = try await Switchboard.with(openAPI: SpecServingTests.spec) { board async throws in
            #expect(try await Self.status(session, board.baseURL.appendingPathComponent("/api/pets")) == 200)
            #expect(Switchboard.current === board)
            return board.baseURL
        }
        await #expect(throws: (any Error).self) {
            _ = try await Self.status(session, base.appendingPathComponent("/api/pets"))
        }
    }
}
