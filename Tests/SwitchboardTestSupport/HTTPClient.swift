import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as a test looks at it.
public struct HTTPResult: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Wall time from sending to the last byte.
    public var seconds: Double
    /// The status line and headers as written, when read off the wire.
    public var head: String = ""

    public var text: String { String(decoding: self.body, as: UTF8.self) }

    public func header(_ name: String) -> String? {
        self.headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object; throws when it is anything else.
    public func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: self.body) as? [String: Any] else {
            throw NotJSON(expected: "an object", text: self.text)
        }
        return object
    }

    /// The body as a JSON array of objects; throws when it is anything else.
    public func jsonArray() throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: self.body) as? [[String: Any]] else {
            throw NotJSON(expected: "an array of objects", text: self.text)
        }
        return array
    }

    public struct NotJSON: Error, CustomStringConvertible {
        var expected: String
        var text: String
        public var description: String { "expected \(self.expected), got: \(self.text.prefix(200))" }
    }
}

/// URLSession with no cache, no cookies and no shared state between tests.
public enum HTTPClient {
    public static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    public static func send(
        _ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        session: URLSession? = nil
    ) async throws -> HTTPResult {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let started = Date()
        let (data, response) = try await (session ?? self.session()).data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            fields["\(key)"] = "\(value)"
        }
        return HTTPResult(
            status: http.statusCode, headers: fields, body: data, seconds: Date().timeIntervalSince(started))
    }
}
