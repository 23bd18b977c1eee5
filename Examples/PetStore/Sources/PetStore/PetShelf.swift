public import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The app's pet list over the client swift-openapi-generator made from
/// `openapi.yaml`: the calls a screen makes, and the errors it branches on
/// instead of the generated client's cases.
public struct PetShelf: Sendable {
    let client: Client

    /// `serverURL` is the API's base, `/api` included (the description's
    /// server has that path).
    public init(serverURL: URL, session: URLSession = .shared) {
        self.client = Client(
            serverURL: serverURL, transport: URLSessionTransport(configuration: .init(session: session)))
    }

    /// The pets with one of `tags` (all of them when `nil`), at most `limit`.
    public func pets(tags: [String]? = nil, limit: Int32? = nil) async throws(PetShelfError) -> [Pet] {
        let output: Operations.FindPets.Output
        do {
            output = try await self.client.findPets(query: .init(tags: tags, limit: limit))
        } catch {
            throw Self.failure(error)
        }
        switch output {
        case .ok(let ok):
            guard case .json(let pets) = ok.body else { throw .unexpected("no JSON body") }
            return pets.map(Pet.init)
        case .default(let status, let answer):
            guard case .json(let problem) = answer.body else { throw .unexpected("status \(status)") }
            throw .server(code: problem.code, message: problem.message)
        }
    }

    /// Adds a pet; the store answers it with its id.
    public func add(name: String, tag: String? = nil) async throws(PetShelfError) -> Pet {
        let output: Operations.AddPet.Output
        do {
            output = try await self.client.addPet(body: .json(.init(name: name, tag: tag)))
        } catch {
            throw Self.failure(error)
        }
        switch output {
        case .ok(let ok):
            guard case .json(let pet) = ok.body else { throw .unexpected("no JSON body") }
            return Pet(pet)
        case .default(let status, let answer):
            guard case .json(let problem) = answer.body else { throw .unexpected("status \(status)") }
            throw .server(code: problem.code, message: problem.message)
        }
    }

    /// A thrown error as the screen tells it: the generated client wraps
    /// the transport's `URLError` in a `ClientError`.
    static func failure(_ error: any Error) -> PetShelfError {
        let underlying = (error as? ClientError)?.underlyingError ?? error
        guard let urlError = underlying as? URLError else { return .unexpected(String(describing: underlying)) }
        return urlError.code == .notConnectedToInternet ? .offline : .network
    }
}
