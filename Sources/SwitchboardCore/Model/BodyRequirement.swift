public import SwitchboardJSON

/// Something a request's body must hold for an endpoint to match it
/// (`body:` in the manifest). Each counts as one requirement in the
/// routing precedence (`EndpointTable`).
public enum BodyRequirement: Sendable, Hashable {
    /// The JSON value at `path` has `value` (`nil`: any value, the
    /// manifest's `"*"`); `exact`: nothing more (`json_equals:`), otherwise
    /// at least what `value` holds (`json:`, `paths:`). See
    /// `JSONValue.isMatched(by:exact:)`.
    case json(path: JSONPath, value: JSONValue?, exact: Bool)
    /// Form field `name` has `value` (`nil`: any value).
    case form(name: String, value: String?)
    /// The body's text matches a pattern.
    case text(TextPattern)

    /// `json: { user: { name: alice } }` (and the builder's `.body(json:)`)
    /// as one requirement per leaf (`body.user.name = alice`), so a hint
    /// names the very value missing and each counts in the precedence.
    /// A leaf `"*"` stands for any value.
    public static func containing(_ value: JSONValue, at path: JSONPath = JSONPath([])) -> [BodyRequirement] {
        if case .object(let fields) = value, !fields.isEmpty {
            return fields.sorted(by: { $0.key < $1.key }).flatMap {
                self.containing($0.value, at: path.appending(.key($0.key)))
            }
        }
        return [self.value(value, at: path)]
    }

    /// The value at `path` holds at least `value` (`paths:`); `"*"` stands
    /// for any value.
    public static func value(_ value: JSONValue, at path: JSONPath) -> BodyRequirement {
        .json(path: path, value: value == .string("*") ? nil : value, exact: false)
    }

    /// Form field `name` has `value` (`form:`); `"*"` stands for any value.
    public static func field(_ name: String, _ value: String) -> BodyRequirement {
        .form(name: name, value: value == "*" ? nil : value)
    }

    /// Whether `body` meets this requirement. A pending body meets none.
    public func accepts(_ body: inout RequestBody) -> Bool {
        guard let bytes = body.bytes else { return false }
        switch self {
        case .json(let path, let value, let exact):
            guard let document = body.json(), let found = path.value(in: document) else { return false }
            return value?.isMatched(by: found, exact: exact) ?? true
        case .form(let name, let value):
            guard let found = body.formValue(name) else { return false }
            return value.map { $0 == found } ?? true
        case .text(let pattern):
            return pattern.matches(bytes)
        }
    }

    /// `body.username = alice`: what the hint says a request lacks.
    public var description: String {
        switch self {
        case .json(let path, let value, let exact):
            guard let value else { return "\(path)" }
            return path.steps.isEmpty || exact
                ? "\(path) \(exact ? "==" : "=") \(value.json)" : "\(path) = \(value.text)"
        case .form(let name, let value):
            return value.map { "form \(name)=\($0)" } ?? "form field '\(name)'"
        case .text(let pattern):
            return "body matching '\(pattern.pattern)'"
        }
    }

    /// `body.username=alice`: the same, shorter, for a log line.
    public var short: String {
        switch self {
        case .json(let path, let value, let exact):
            guard let value else { return "\(path)" }
            return exact || path.steps.isEmpty ? "\(path)==\(value.json)" : "\(path)=\(value.text)"
        case .form(let name, let value):
            return value.map { "\(name)=\($0)" } ?? name
        case .text(let pattern):
            return "body '\(pattern.pattern)'"
        }
    }
}
