import Foundation

/// A request as `RequestCheck` reads it: what routing found in its path
/// (by the description's parameter names), its query, headers and body.
public struct SpecRequest {
    /// Path parameters by the names the description gives them.
    public var pathValues: [String: String]
    /// Query parameters, percent-decoded, in the order sent.
    public var query: [(name: String, value: String)]
    /// A header's first value, any case.
    public var header: (String) -> String?
    /// The body as sent; empty when there was none.
    public var body: [UInt8]

    public init(
        pathValues: [String: String], query: [(name: String, value: String)], header: @escaping (String) -> String?,
        body: [UInt8]
    ) {
        self.pathValues = pathValues
        self.query = query
        self.header = header
        self.body = body
    }

    /// A cookie's value from the `Cookie` header.
    func cookie(_ name: String) -> String? {
        guard let header = self.header("Cookie") else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return String(parts[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
