public import SwitchboardJSON

extension BodyRequirement {
    /// A body that meets requirements, as a suggested request sends it.
    public enum Example: Sendable, Equatable {
        case json(JSONValue)
        /// Form fields, in the manifest's order.
        case form([Field])
        case text(String)

        public struct Field: Sendable, Equatable {
            public var name: String
            public var value: String
        }
    }

    /// A body that meets every one of `requirements`: JSON with each
    /// required value at its path (`"1"` where any value goes), else a
    /// form with each field, else the text a pattern matches with its `*`s
    /// left out; `nil` for no requirement.
    public static func example(meeting requirements: [BodyRequirement]) -> Example? {
        var json: JSONValue?
        var fields: [Example.Field] = []
        var text: String?
        for requirement in requirements {
            switch requirement {
            case .json(let path, let value, _):
                json = Self.setting(value ?? .string("1"), at: path.steps[...], in: json)
            case .form(let name, let value):
                fields.append(Example.Field(name: name, value: value ?? "1"))
            case .text(let pattern):
                text = text ?? pattern.pattern.replacingOccurrences(of: "*", with: "")
            }
        }
        if let json { return .json(json) }
        if !fields.isEmpty { return .form(fields) }
        return text.map(Example.text)
    }

    /// `base` with `value` at `steps`, the objects and arrays on the way
    /// made where missing (an array's earlier items null).
    private static func setting(_ value: JSONValue, at steps: ArraySlice<JSONPath.Step>, in base: JSONValue?)
        -> JSONValue
    {
        guard let step = steps.first else { return value }
        switch step {
        case .key(let key):
            var fields: JSONObject = [:]
            if case .object(let existing) = base { fields = existing }
            fields[key] = Self.setting(value, at: steps.dropFirst(), in: fields[key])
            return .object(fields)
        case .index(let index):
            var items: [JSONValue] = []
            if case .array(let existing) = base { items = existing }
            while items.count <= index { items.append(.null) }
            items[index] = Self.setting(value, at: steps.dropFirst(), in: items[index])
            return .array(items)
        }
    }
}
