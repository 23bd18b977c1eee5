import OpenAPIKit
import SwitchboardJSON

/// Samples of each type. Each makes a value by the rules and, where a
/// rule can miss (a multiple near a bound, a pattern with a length),
/// tries a few candidates and keeps the first the schema accepts.
extension SchemaSampler {
    func integer(
        _ schema: JSONSchema, core: JSONSchema.CoreContext<JSONTypeFormat.IntegerFormat>,
        _ integer: JSONSchema.IntegerContext, draw: SampleDraw, minimal: Bool
    ) -> JSONValue {
        var low = integer.minimum.map { $0.exclusive ? $0.value &+ 1 : $0.value }
        var high = integer.maximum.map { $0.exclusive ? $0.value &- 1 : $0.value }
        if core.format == .int32 {
            low = max(low ?? Int(Int32.min), Int(Int32.min))
            high = min(high ?? Int(Int32.max), Int(Int32.max))
            // Without bounds of the schema's own, the plain default range.
            if integer.minimum == nil && integer.maximum == nil { (low, high) = (nil, nil) }
        }
        let range = Self.range(low: low, high: high, width: 99, start: 1)
        var step = 1
        var from = range.lowerBound
        if let multiple = integer.multipleOf, multiple > 0 {
            step = multiple
            from = Self.ceiling(range.lowerBound, multiple)
        }
        // The whole Int range is wider than an Int: then the first 100 steps.
        let (width, overflow) = range.upperBound.subtractingReportingOverflow(from)
        let steps = from > range.upperBound ? 0 : overflow ? 99 : width / step
        let pick = minimal ? 0 : draw.integer(in: 0...min(steps, 99), 20)
        return .number(Double(from &+ pick &* step))
    }

    /// `low...high`, or `width` wide from the bound given (from `start`
    /// with none); `low...low` when the bounds cross (no valid value).
    private static func range(low: Int?, high: Int?, width: Int, start: Int) -> ClosedRange<Int> {
        switch (low, high) {
        case (let low?, let high?): return low...max(low, high)
        case (let low?, nil): return low...(low > Int.max - width ? Int.max : low + width)
        case (nil, let high?): return (high < Int.min + width ? Int.min : high - width)...high
        case (nil, nil): return start...(start + width)
        }
    }

    /// The least multiple of `step` at or above `value`.
    private static func ceiling(_ value: Int, _ step: Int) -> Int {
        let remainder = value % step
        if remainder == 0 { return value }
        return value > 0 ? value - remainder + step : value - remainder
    }

    func number(_ schema: JSONSchema, _ numeric: JSONSchema.NumericContext, draw: SampleDraw, minimal: Bool)
        -> JSONValue
    {
        let low = numeric.minimum?.value
        let high = numeric.maximum?.value
        let from = low ?? (high.map { $0 - 100 } ?? 0)
        let to = max(from, high ?? from + 100)
        var candidates: [Double] = []
        if let multiple = numeric.multipleOf, multiple > 0 {
            let first = (from / multiple).rounded(.up)
            let last = (to / multiple).rounded(.down)
            let span = max(0, min(last - first, 99))
            let pick = minimal ? 0 : Double(draw.integer(in: 0...Int(span), 21))
            candidates = [first + pick, first, first + 1, last - 1, last].map { $0 * multiple }
        } else {
            let spread = from + (to - from) * draw.unit(21)
            let rounded = (spread * 100).rounded() / 100
            candidates = minimal ? [from, (from + to) / 2] : [rounded, spread, (from + to) / 2, from, to]
        }
        let values = candidates.map(JSONValue.number)
        return values.first { self.isValid($0, schema) } ?? values[0]
    }

    func string(_ schema: JSONSchema, format: String, _ string: JSONSchema.StringContext, draw: SampleDraw)
        -> JSONValue
    {
        let word = Self.word(draw)
        var candidates: [String] = []
        if let known = StringFormat(rawValue: format) {
            candidates.append(known.sample(word: word, draw: draw))
        }
        if let pattern = string.pattern {
            for length in Set([0, 1, min(string.minLength, Self.longest)]).sorted() {
                if let match = PatternSample.string(
                    matching: pattern, length: length, draw: draw, checker: self.checker)
                {
                    candidates.append(match)
                }
            }
        }
        candidates.append(Self.fitted(word, minLength: string.minLength, maxLength: string.maxLength))
        let values = candidates.map(JSONValue.string)
        let value = values.first { self.isValid($0, schema) } ?? values.last!
        // A long string costs steps for its length: the steps bound the
        // count of values, and 2,000 arrays of `longest` strings would be
        // 130 GB, made on the server's event loop by its first answer.
        self.checker.spend(value.text.utf8.count / Self.charactersPerStep)
        return value
    }

    /// A generated string takes a step for so many of its bytes: the
    /// steps then hold the strings of one value to 16 MB.
    static let charactersPerStep = 8

    /// A schema asking for longer strings or more items than these gets
    /// these (and a sample it does not accept) rather than a body that
    /// exhausts memory: `minLength: 1000000000` is a typo, not a wish.
    static let longest = 65_536
    static let mostItems = 1_000

    /// `word` repeated or cut to fit the lengths (counted in code points).
    private static func fitted(_ word: String, minLength: Int, maxLength: Int?) -> String {
        let count = word.unicodeScalars.count
        if count < minLength {
            let wanted = min(minLength, Self.longest)
            let repeated = String(repeating: word, count: wanted / count + 1)
            return String(String.UnicodeScalarView(repeated.unicodeScalars.prefix(wanted)))
        }
        if let maxLength, count > maxLength {
            return String(String.UnicodeScalarView(word.unicodeScalars.prefix(max(maxLength, minLength))))
        }
        return word
    }

    func object(_ object: JSONSchema.ObjectContext, draw: SampleDraw, trail: SampleTrail) -> JSONValue {
        let inner = trail.deeper()
        var fields: JSONObject = [:]
        var optional: [String] = []
        for (name, property) in object.properties {
            if let use = self.checker.use, use.excludes(property, self.references) { continue }
            let wanted =
                property.required
                || (!trail.minimal && trail.depth < SampleTrail.optionalDepth && !self.reenters(property, trail))
            guard wanted else { continue }
            fields[name] = self.sample(property, draw: draw.property(name), trail: inner)
            if !property.required { optional.append(name) }
        }
        // A map (`additionalProperties` with a schema and no properties)
        // gets one entry; more only when `minProperties` asks for them.
        var extraSchema: JSONSchema?
        switch object.additionalProperties {
        case .b(let schema)?: extraSchema = schema
        case .a(false)?: extraSchema = nil
        case .a(true)?, nil: extraSchema = .string
        }
        if let extraSchema {
            var wanted = object.minProperties
            if case .b? = object.additionalProperties, object.properties.isEmpty, !trail.minimal {
                wanted = max(wanted, 1)
            }
            var index = 1
            while fields.count < wanted && index < 1000 {
                let name = "property\(index)"
                if fields[name] == nil {
                    fields[name] = self.sample(extraSchema, draw: draw.property(name), trail: inner)
                }
                index += 1
            }
        }
        if let maximum = object.maxProperties {
            while fields.count > maximum, let last = optional.popLast() { fields[last] = nil }
        }
        return .object(fields)
    }

    /// Whether a property's schema would enter a component the value is
    /// already inside: itself, as its items, or as a branch.
    private func reenters(_ schema: JSONSchema, _ trail: SampleTrail) -> Bool {
        switch schema.value {
        case .reference:
            return SchemaReferences.name(of: schema).map(trail.components.contains) ?? false
        case .array(_, let array):
            return array.items.map { self.reenters($0, trail) } ?? false
        case .all(let members, _), .one(let members, _), .any(let members, _):
            return members.contains { self.reenters($0, trail) }
        default:
            return false
        }
    }

    func array(_ schema: JSONSchema, _ array: JSONSchema.ArrayContext, draw: SampleDraw, trail: SampleTrail)
        -> JSONValue
    {
        let inner = trail.deeper()
        let prefix = array.prefixItems ?? []
        var count = trail.minimal ? array.minItems : max(array.minItems, 1 + Int(draw.number(30) % 2), prefix.count)
        count = min(count, Self.mostItems)
        if let maximum = array.maxItems { count = min(count, maximum) }
        if array.items == nil { count = min(count, max(prefix.count, array.minItems)) }
        var items: [JSONValue] = []
        for index in 0..<count {
            let itemSchema = index < prefix.count ? prefix[index] : (array.items ?? .fragment(.init()))
            var item = self.sample(itemSchema, draw: draw.item(index), trail: inner)
            if array.uniqueItems {
                // Another draw for an item equal to an earlier one; left
                // out when none differs and the array may be shorter.
                var attempt = 1
                while items.contains(item) && attempt < 8 {
                    item = self.sample(itemSchema, draw: draw.item(index + 1000 * attempt), trail: inner)
                    attempt += 1
                }
                if items.contains(item) && items.count >= array.minItems { break }
            }
            items.append(item)
        }
        return .array(items)
    }
}
