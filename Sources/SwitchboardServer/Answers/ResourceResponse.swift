import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore

/// A resource's answer (`ResourceAnswer`) as the server sends it: JSON,
/// never cached (the next request may see other items), `Location` on a
/// created item.
enum ResourceResponse {
    /// What the endpoint's success answers when it is one of a resource's
    /// (`EndpointDefinition.resource`): the store decides, from the item id
    /// in the path and the request's JSON body.
    static func prepared(
        _ binding: ResourceBinding, store: ResourceStore, parameters: [String: String], body: inout RequestBody
    ) -> PreparedResponse {
        // Only what the journal keeps of a body is read: a longer item would
        // be read cut short, and so not be the JSON it is.
        if binding.operation.readsBody, (body.bytes?.count ?? 0) >= capturedBodyLimit {
            return Self.refusal(
                .payloadTooLarge, .bodyTooLarge, "a resource reads items of less than \(capturedBodyLimit / 1024) KiB")
        }
        let json = binding.operation.readsBody ? body.json() : nil
        let answer = store.answer(binding, parameters: parameters, body: json)
        if let problem = answer.problem {
            return Self.refusal(HTTPResponseStatus(statusCode: answer.status), problem.code, problem.message)
        }
        var bytes = ByteBuffer()
        if let body = answer.body {
            // The items' own text, one after another, into one buffer.
            bytes.reserveCapacity(body.count)
            body.write { bytes.writeBytes($0) }
        }
        var headers = HTTPHeaders()
        if answer.body != nil { headers.add(name: "Content-Type", value: "application/json") }
        headers.add(name: "Content-Length", value: String(bytes.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        if let location = answer.location { headers.add(name: "Location", value: location) }
        return PreparedResponse(status: HTTPResponseStatus(statusCode: answer.status), headers: headers, body: bytes)
    }

    private static func refusal(_ status: HTTPResponseStatus, _ code: ProblemCode, _ message: String)
        -> PreparedResponse
    {
        let body = ErrorBody.buffer(code, message)
        return PreparedResponse(
            status: status, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
    }
}
