public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Signs in with `POST /login` and a JSON body
/// `{"username": "…", "password": "…"}`; the server answers 200
/// `{"token": "…"}`, or 401 for a wrong password.
public struct LoginClient: Sendable {
    public let baseURL: URL
    public let session: URLSession

    public init(baseURL: URL, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Never throws: every way signing in can end is a `LoginResult` the
    /// screen shows.
    public func logIn(username: String, password: String) async -> LoginResult {
        var request = URLRequest(url: self.baseURL.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // Encoding two strings cannot fail.
        request.httpBody = try? JSONEncoder().encode(Credentials(username: username, password: password))
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await self.session.data(for: request)
        } catch let error as URLError where error.code == .notConnectedToInternet {
            // The one failure the screen words differently.
            return .offline
        } catch {
            return .network
        }
        guard let http = response as? HTTPURLResponse else { return .network }
        switch http.statusCode {
        case 200:
            struct Session: Decodable { var token: String }
            guard let session = try? JSONDecoder().decode(Session.self, from: data) else {
                return .serverError(status: 200)
            }
            return .signedIn(token: session.token)
        case 401:
            return .wrongPassword
        default:
            return .serverError(status: http.statusCode)
        }
    }
}

/// The body `logIn` sends.
private struct Credentials: Encodable {
    var username: String
    var password: String
}
