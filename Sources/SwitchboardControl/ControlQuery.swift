public import SwitchboardJSON

/// A query parameter of the control API: its name, what it takes and what
/// it does, declared once for every route that reads it (the table's
/// `query`), the listing and the description.
public enum ControlQuery: String, CaseIterable, Sendable {
    case by
    case limit
    case unmatched
    case endpoint
    case details
    case redact
    case after
    case wait

    /// Its JSON Schema, as the server reads the text.
    public var schema: JSONValue {
        switch self {
        case .by: WireSchemas.string
        case .limit, .after: WireSchemas.count
        case .unmatched, .details, .redact: WireSchemas.boolean
        case .endpoint: WireSchemas.string
        // Seconds as `DecimalText` reads them: digits and one point, no
        // sign or exponent (`1e3` is not read as a number of seconds).
        case .wait: ["type": "string", "pattern": #"^([0-9]+\.?[0-9]*|\.[0-9]+)$"#]
        }
    }

    /// What it does, in one line.
    public var summary: String {
        switch self {
        case .by: "who made the change, for the log's marker (`cli`)"
        case .limit: "only the newest this many"
        case .unmatched: "only requests no endpoint answered (`true`), or only those one did (`false`)"
        case .endpoint: "only requests this endpoint answered"
        case .details: "with headers and bodies while the journal keeps them"
        case .redact: "`false` shows credentials as sent; they read `REDACTED` otherwise"
        case .after: "only requests after this sequence number"
        case .wait: "hold the answer until a request passes the filters, for at most this many seconds (60 at most)"
        }
    }

    /// A yes-or-no parameter's value (`unmatched`, `details`, `redact`):
    /// `true` or `1`, `false` or `0`; `nil` for anything else, which the
    /// server refuses rather than guesses at.
    public static func flag(_ text: String) -> Bool? {
        switch text {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// A whole-number parameter's value (`limit`, `after`): digits only;
    /// more than `Int.max` reads as `Int.max` (every request, none newer),
    /// which the schema's `integer` allows, rather than a refusal.
    public static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text) ?? Int.max
    }
}
