import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardJSON
import SwitchboardModel

/// The answer to a request that breaks its operation's OpenAPI description
/// (with `--validate`): 401, 415 or 422 (`ContractViolation.status`) as
/// `application/problem+json`, written by `ErrorBody` like every other
/// error: `error` and `message`, then RFC 9457's `title` and `status`, and
/// `errors`, each violation's `location` and `message`.
enum InvalidRequestAnswer {
    static func prepared(_ violations: [ContractViolation], endpointID: String) -> PreparedResponse {
        let status = ContractViolation.status(of: violations)
        let (code, title): (ProblemCode, String) =
            switch status {
            case 401: (.missingCredentials, "Missing credentials")
            case 415: (.unsupportedMediaType, "Unsupported media type")
            default: (.invalidRequest, "Invalid request")
            }
        let first = violations.first.map { ": \($0.description)" } ?? ""
        let more = violations.count > 1 ? " (and \(violations.count - 1) more, in errors)" : ""
        let errors = violations.map { violation in
            #"{"location":"# + JSONText.quoted(violation.location) + #","message":"#
                + JSONText.quoted(violation.message) + "}"
        }
        let body = ErrorBody.buffer(
            code, "the request breaks the API's OpenAPI description\(first)\(more)",
            [
                .text("title", title), .number("status", status),
                ErrorBody.Field(name: "errors", json: "[" + errors.joined(separator: ",") + "]"),
            ])
        var response = PreparedResponse(
            status: HTTPResponseStatus(statusCode: status),
            headers: HTTPHeaders([
                ("Content-Type", "application/problem+json"), ("Content-Length", String(body.readableBytes)),
                ("Cache-Control", "no-store"),
            ]),
            body: body)
        response.notes.endpointID = endpointID
        response.notes.invalid = violations
        return response
    }
}
