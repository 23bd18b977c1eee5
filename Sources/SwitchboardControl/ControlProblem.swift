public import SwitchboardJSON

/// An error body as a client reads it: a stable `error` code (see
/// `ProblemCode`), a `message` sentence and, where the mistake was a name,
/// the right ones in `valid`. The server writes it with `ErrorBody`, which
/// adds what else an answer carries (`closest`, `retry_after`, …).
public struct ControlProblem: Codable, Sendable, Equatable, Error {
    /// The code, as written: a `ProblemCode`'s raw value, read as text so
    /// that a newer server's code still reads.
    public var error: String
    public var message: String
    /// The names that would have worked (modes, profiles, ids, scenarios).
    public var valid: [String]?

    public init(_ code: ProblemCode, _ message: String, valid: [String]? = nil) {
        self.error = code.rawValue
        self.message = message
        self.valid = valid
    }

    /// `error` as a known code; `nil` for one this client does not know.
    public var code: ProblemCode? { ProblemCode(rawValue: self.error) }
}

/// `DELETE …/requests`: how many entries the journal dropped.
public struct JournalCleared: Codable, Sendable, Equatable {
    public var cleared: Int

    public init(cleared: Int) {
        self.cleared = cleared
    }
}

extension ControlProblem: WireSchema {
    /// Open: the fake API's error bodies add fields (`closest`, `retry_after`).
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "error": WireSchemas.oneWord(of: ProblemCode.allCases.map(\.rawValue)),
                "message": WireSchemas.string, "valid": WireSchemas.strings,
            ], required: ["error", "message"], closed: false)
    }
}

extension JournalCleared: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(["cleared": WireSchemas.count], required: ["cleared"])
    }
}
