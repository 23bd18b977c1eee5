import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The 404 bodies: they tell a developer what they probably meant.
enum UnmatchedResponse {
    static func body(method: String, target: RequestTarget, unmatched: Unmatched) -> ByteBuffer {
        var json = #"{"error":"no_matching_endpoint","message":"#
        json += JSONText.quoted("Switchboard has no endpoint for \(method) \(target.rawPath)")
        if let closest = unmatched.closest {
            json += #","closest":"# + JSONText.quoted(closest)
        }
        if let id = unmatched.closestID {
            json += #","closest_id":"# + JSONText.quoted(id)
        }
        json += #","hint":"# + JSONText.quoted(unmatched.reason) + "}"
        return ByteBuffer(string: json)
    }

    static func missingFixture(file: String, endpoint: EndpointDefinition) -> ByteBuffer {
        var json = #"{"error":"not_found","message":"#
        json += JSONText.quoted("\(endpoint.signature) has no fixture file '\(file)'")
        json += #","endpoint":"# + JSONText.quoted(endpoint.id) + "}"
        return ByteBuffer(string: json)
    }

    static func headers(length: Int) -> HTTPHeaders {
        HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", String(length))])
    }
}
