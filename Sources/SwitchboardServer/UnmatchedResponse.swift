import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The 404 bodies: they tell a developer what they probably meant.
enum UnmatchedResponse {
    static func body(method: String, target: RequestTarget, unmatched: Unmatched) -> ByteBuffer {
        var json = #"{"error":"no_matching_endpoint","message":"#
        let query = target.rawQuery.isEmpty ? "" : "?" + target.rawQuery
        json += JSONText.quoted("No endpoint matched \(method) \(target.rawPath.prefix(2048))\(query.prefix(2048))")
        if let closest = unmatched.closest {
            json += #","closest":"# + JSONText.quoted(closest)
        }
        if let id = unmatched.closestID {
            json += #","closest_id":"# + JSONText.quoted(id)
        }
        json += #","hint":"# + JSONText.quoted(unmatched.reason) + "}"
        return ByteBuffer(string: json)
    }

    static func missingFixture(file: String, signature: String, id: String) -> ByteBuffer {
        var json = #"{"error":"not_found","message":"#
        json += JSONText.quoted("\(signature) has no fixture file '\(file.prefix(2048))'")
        json += #","endpoint":"# + JSONText.quoted(id) + "}"
        return ByteBuffer(string: json)
    }

    /// Never cached: the endpoint may be added or the request fixed a
    /// moment later.
    static func headers(length: Int) -> HTTPHeaders {
        HTTPHeaders([
            ("Content-Type", "application/json"), ("Content-Length", String(length)), ("Cache-Control", "no-store"),
        ])
    }
}
