import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The 404 bodies: they tell a developer what they probably meant.
enum UnmatchedResponse {
    static func body(method: String, target: RequestTarget, unmatched: Unmatched) -> ByteBuffer {
        let query = target.rawQuery.isEmpty ? "" : "?" + target.rawQuery
        var fields: [ErrorBody.Field] = []
        if let closest = unmatched.closest { fields.append(.text("closest", closest)) }
        if let id = unmatched.closestID { fields.append(.text("closest_id", id)) }
        fields.append(.text("hint", unmatched.reason))
        return ErrorBody.buffer(
            .noMatchingEndpoint, "No endpoint matched \(method) \(target.rawPath.prefix(2048))\(query.prefix(2048))",
            fields)
    }

    static func missingFixture(file: String, signature: String, id: String) -> ByteBuffer {
        ErrorBody.buffer(
            .notFound, "\(signature) has no fixture file '\(file.prefix(2048))'", [.text("endpoint", id)])
    }

    /// Never cached: the endpoint may be added or the request fixed a
    /// moment later.
    static func headers(length: Int) -> HTTPHeaders {
        HTTPHeaders([
            ("Content-Type", "application/json"), ("Content-Length", String(length)), ("Cache-Control", "no-store"),
        ])
    }
}
