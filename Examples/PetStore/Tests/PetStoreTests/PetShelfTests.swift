import Foundation
import PetStore
import SwitchboardKit
import SwitchboardOpenAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pet list's tests against Switchboard serving `openapi.yaml`, the
/// description the client was generated from: no fixtures by hand, every
/// answer the description's (generated from its schemas where it has no
/// example), requests checked against it.
@Suite(.switchboardInProcess(openAPI: "../../openapi.yaml", validate: true))
struct PetShelfTests {
    var board: Switchboard { Switchboard.current }
    /// The description's server is `…/api`: the client is given that path.
    var shelf: PetShelf {
        PetShelf(serverURL: self.board.baseURL.appendingPathComponent("api"), session: self.board.urlSession())
    }

    @Test func thePetsTheDescriptionPromisesAreShown() async throws {
        let pets = try await self.shelf.pets(tags: ["dog"], limit: 10)
        // Generated from the `Pet` schema (an allOf of NewPet and an id):
        // the generated client decoded every one.
        #expect(!pets.isEmpty && pets.allSatisfy { !$0.name.isEmpty })
        // What the app sent keeps to the description (tags as an array,
        // limit an int32), which the check would have refused otherwise.
        #expect(await self.board.verifyNoInvalidRequests())
        try await self.board.verify("findPets", count: 1, where: { $0.query.contains("limit=10") })
    }

    @Test func anAddedPetComesBackWithItsId() async throws {
        let pet = try await self.shelf.add(name: "Rex", tag: "dog")
        #expect(!pet.name.isEmpty)
        try await self.board.verify("addPet", count: 1, where: { $0.json["name"] == "Rex" })
        #expect(await self.board.verifyNoInvalidRequests())
    }

    @Test func theDocumentedErrorIsShownWithItsMessage() async throws {
        // `default` documents the error: server_error answers it (500, a body
        // of the Error schema), which the generated client reads as `.default`.
        try await self.board.set("findPets", .serverError)
        await #expect {
            _ = try await self.shelf.pets()
        } throws: { error in
            guard case .server(_, let message) = error as? PetShelfError else { return false }
            return !message.isEmpty
        }
    }

    @Test func withoutNetworkTheUserIsOffline() async throws {
        try await self.board.set("findPets", .offline)
        await #expect(throws: PetShelfError.offline) { _ = try await self.shelf.pets() }
    }

    @Test func aRequestTheDescriptionForbidsIsRefusedByName() async throws {
        // Not what the generated client would send: a hand-made request, as a
        // second client of the API might.
        var request = URLRequest(url: self.board.baseURL.appendingPathComponent("api/pets"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"tag": "dog"}"#.utf8)
        let (data, response) = try await self.board.urlSession().data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 422)
        #expect(String(decoding: data, as: UTF8.self).contains("missing required property name"))
        #expect(try await self.board.invalidRequests().count == 1)
    }
}
