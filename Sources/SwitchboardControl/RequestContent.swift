public import Foundation
public import SwitchboardJSON

/// What a test checks in a request the code under test sent: a header, the
/// body as text or decoded JSON. The same calls on a request from an
/// in-process `Switchboard` and on a `RequestRecord` from `SwitchboardClient`.
public protocol RequestContent {
    /// The request's headers, name and value, in the order sent.
    var headerPairs: [(name: String, value: String)] { get }
    /// The request body as far as it was kept (the first 64 KiB); empty
    /// when there was none or it is no longer kept.
    var body: Data { get }
}

extension RequestContent {
    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        self.headerPairs.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as UTF-8 text; `nil` when it is not.
    public var bodyText: String? {
        String(data: self.body, encoding: .utf8)
    }

    /// The body as JSON, for a predicate: `$0.json["username"] == "alice"`;
    /// `nil` when it is not JSON.
    public var json: JSONValue? {
        JSONValue(bytes: Array(self.body))
    }

    /// The body decoded from JSON, to check what the code under test sent.
    public func decodeBody<T: Decodable>(as type: T.Type = T.self, using decoder: JSONDecoder = JSONDecoder())
        throws -> T
    {
        try decoder.decode(type, from: self.body)
    }
}

/// A record read with `details` (`GET …/requests?details=true`, or one
/// request by its sequence number): headers and body from there. Credentials
/// read `REDACTED` unless the server was asked for `redact=false`.
extension RequestRecord: RequestContent {
    public var headerPairs: [(name: String, value: String)] {
        (self.details?.requestHeaders ?? []).compactMap { pair in
            guard pair.count == 2 else { return nil }
            return (pair[0], pair[1])
        }
    }

    public var body: Data {
        guard let body = self.details?.requestBody else { return Data() }
        if let text = body.text { return Data(text.utf8) }
        return body.base64.flatMap { Data(base64Encoded: $0) } ?? Data()
    }
}

extension RequestRecord: CustomStringConvertible {
    /// `POST /login → 401 (login: error)`, as failure messages list requests.
    public var description: String {
        let target = self.query.isEmpty ? self.path : "\(self.path)?\(self.query)"
        let status = self.status.map(String.init) ?? "no status line"
        if let rejected = self.rejected { return "\(self.method) \(target) → \(status) (refused: \(rejected))" }
        guard let endpoint = self.endpoint else {
            let reason = self.hint ?? self.closest.map { "nearest endpoint '\($0)'" } ?? "no endpoint"
            return "\(self.method) \(target) → \(status) (unmatched: \(reason))"
        }
        if let invalid = self.invalid, !invalid.isEmpty {
            return "\(self.method) \(target) → \(status) (\(endpoint), invalid: \(invalid.joined(separator: "; ")))"
        }
        return "\(self.method) \(target) → \(status) (\(endpoint): \(self.modeName ?? "?"))"
    }
}
