import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The kind of client a user's app has, and the example tests: it
/// knows nothing of Switchboard, only a base URL.
struct AuthClient {
    enum Failure: Error, Equatable {
        case invalidCredentials
        case server(Int)
        case network
    }

    let baseURL: URL
    var session = URLSession(configuration: .ephemeral)

    func login(email: String, password: String) async -> Result<String, Failure> {
        var request = URLRequest(url: self.baseURL.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(["email": email, "password": password])
        guard let (data, response) = try? await self.session.data(for: request),
            let status = (response as? HTTPURLResponse)?.statusCode
        else { return .failure(.network) }
        switch status {
        case 200:
            struct Token: Decodable { var token: String }
            guard let token = try? JSONDecoder().decode(Token.self, from: data) else { return .failure(.server(200)) }
            return .success(token.token)
        case 401: return .failure(.invalidCredentials)
        default: return .failure(.server(status))
        }
    }

    /// Any path, for requests the fixtures do not declare.
    func get(_ path: String) async -> Int? {
        let url = URL(string: path, relativeTo: self.baseURL)!
        guard let (_, response) = try? await self.session.data(from: url) else { return nil }
        return (response as? HTTPURLResponse)?.statusCode
    }
}
