import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardJSON

/// Every error body Switchboard writes itself, control API and fake API
/// alike: `{"error":"<code>","message":"<sentence>",…}`, with the fields
/// an answer adds after those two (`closest`, `retry_after`, `valid`, …).
/// Written by hand, as the journal line is, since the 404s and 429s go out
/// at the request rate; clients read it as `ControlProblem`, and the tests
/// hold the two together.
enum ErrorBody {
    /// A field after `error` and `message`, already in JSON.
    struct Field {
        var name: String
        var json: String

        static func text(_ name: String, _ value: String) -> Field {
            Field(name: name, json: JSONText.quoted(value))
        }

        static func number(_ name: String, _ value: Int) -> Field {
            Field(name: name, json: String(value))
        }

        static func list(_ name: String, _ values: [String]) -> Field {
            Field(name: name, json: "[" + values.map(JSONText.quoted).joined(separator: ",") + "]")
        }
    }

    static func text(_ code: ProblemCode, _ message: String, _ fields: [Field] = []) -> String {
        var json = #"{"error":""# + code.rawValue + #"","message":"# + JSONText.quoted(message)
        for field in fields {
            json += #",""# + field.name + #"":"# + field.json
        }
        return json + "}"
    }

    static func buffer(_ code: ProblemCode, _ message: String, _ fields: [Field] = []) -> ByteBuffer {
        ByteBuffer(string: self.text(code, message, fields))
    }
}

extension ErrorBody {
    /// The code for a request refused before routing, by the status it
    /// gets: the connection's checks decide the status, this names it.
    static func code(refusing status: HTTPResponseStatus) -> ProblemCode {
        switch status {
        case .requestTimeout: .requestTimeout
        case .payloadTooLarge: .bodyTooLarge
        case .requestHeaderFieldsTooLarge: .headersTooLarge
        default: .malformedRequest
        }
    }
}
