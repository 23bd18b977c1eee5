public import SwitchboardJSON

/// A place in a JSON document: `$.items[0].sku`. The manifest's body
/// requirements (`paths:`, and each key under `json:`) and the templates'
/// `{body.user.name}` name values this way.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var steps: [Step]

    public init(_ steps: [Step]) {
        self.steps = steps
    }

    /// Parses `$.a.b[0]` (`$` is the whole body; `["a b"]` names a key
    /// with other characters); `nil` when it is not one.
    public init?(parsing text: String) {
        guard text.hasPrefix("$") else { return nil }
        self.init(steps: text.dropFirst())
    }

    /// Parses the steps after `$` or `body`: `.a.b[0]`.
    init?(steps text: Substring) {
        var steps: [Step] = []
        var rest = text
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                steps.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "\"" || quote == "'",
                    inside.last == quote
                {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        self.steps = steps
    }

    /// The value at this place in `document`, `nil` when there is none.
    public func value(in document: JSONValue) -> JSONValue? {
        var current = document
        for step in self.steps {
            switch (step, current) {
            case (.key(let key), .object(let fields)):
                guard let next = fields[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// This place one step further in.
    public func appending(_ step: Step) -> JSONPath {
        JSONPath(self.steps + [step])
    }

    /// `body.items[0].sku`: how hints name it.
    public var description: String {
        var out = "body"
        for step in self.steps {
            switch step {
            case .key(let key):
                out +=
                    key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                    ? "." + key : "[\"\(key)\"]"
            case .index(let index): out += "[\(index)]"
            }
        }
        return out
    }
}
