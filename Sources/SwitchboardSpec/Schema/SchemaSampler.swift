import OpenAPIKit
import SwitchboardJSON

/// Where a sample is inside the value it is part of: how deep, which
/// components it is inside (for recursion), and whether it is past the
/// bounds and must be the smallest valid value.
struct SampleTrail {
    var depth = 0
    var components: [String] = []
    var minimal = false

    /// Optional properties are filled this many objects deep.
    static let optionalDepth = 5
    /// Past this depth a sample is null, valid or not: a schema whose
    /// required properties recurse for ever has no finite value.
    static let hardDepth = 32
    /// So many references entered on the way down end the sample too: a
    /// cycle that never reaches a value (`A: allOf: [$ref: A]`).
    static let hardReferences = 64

    func deeper() -> SampleTrail {
        var next = self
        next.depth += 1
        if next.depth >= Self.optionalDepth * 2 { next.minimal = true }
        return next
    }

    /// Inside component `name`; the smallest value from the second time
    /// the same component is entered.
    func entering(_ name: String?) -> SampleTrail {
        guard let name else { return self }
        var next = self
        if self.components.contains(name) { next.minimal = true }
        next.components.append(name)
        return next
    }
}

/// One run of `SchemaSample`.
struct SchemaSampler {
    let references: SchemaReferences
    let checker: SchemaChecker

    func isValid(_ value: JSONValue, _ schema: JSONSchema) -> Bool {
        self.checker.isValid(value, against: schema, depth: 0)
    }

    func sample(_ schema: JSONSchema, draw: SampleDraw, trail: SampleTrail) -> JSONValue {
        self.checker.spend()
        guard !self.checker.exhausted, trail.depth < SampleTrail.hardDepth,
            trail.components.count < SampleTrail.hardReferences
        else {
            return .null
        }
        if let own = self.ownExample(schema) { return own }
        if let allowed = schema.allowedValues?.compactMap(JSONValue.init(openAPI:)), !allowed.isEmpty {
            let valid = allowed.filter { self.isValid($0, schema) }
            let choices = valid.isEmpty ? allowed : valid
            return trail.minimal ? choices[0] : choices[Int(draw.number(10) % UInt64(choices.count))]
        }
        if trail.minimal, schema.nullable, schema.jsonType != nil { return .null }
        switch schema.value {
        case .reference:
            guard let target = self.references.resolved(schema) else { return .object([:]) }
            return self.sample(target, draw: draw, trail: trail.entering(SchemaReferences.name(of: schema)))
        case .null:
            return .null
        case .boolean:
            return .bool(trail.minimal ? false : draw.number(11) % 2 == 0)
        case .integer(let core, let integer):
            return self.integer(schema, core: core, integer, draw: draw, minimal: trail.minimal)
        case .number(_, let numeric):
            return self.number(schema, numeric, draw: draw, minimal: trail.minimal)
        case .string(let core, let string):
            return self.string(schema, format: core.format.rawValue, string, draw: draw)
        case .object(_, let object):
            return self.object(object, draw: draw, trail: trail)
        case .array(_, let array):
            return self.array(schema, array, draw: draw, trail: trail)
        case .all(let members, _):
            return self.allOf(schema, members, draw: draw, trail: trail)
        case .one(let branches, let core):
            return self.firstValidBranch(
                schema, branches, discriminator: core.discriminator, exactlyOne: true, draw: draw, trail: trail)
        case .any(let branches, let core):
            return self.firstValidBranch(
                schema, branches, discriminator: core.discriminator, exactlyOne: false, draw: draw, trail: trail)
        case .not(let inner, _):
            return self.refused(by: inner) ?? .null
        case .fragment(let core):
            if let format = StringFormat(rawValue: core.format.rawValue) {
                return .string(format.sample(word: Self.word(draw), draw: draw))
            }
            return .object([:])
        }
    }

    /// The schema's first `example`/`examples` entry, else its `default`,
    /// when it satisfies the schema (descriptions' examples do not always).
    private func ownExample(_ schema: JSONSchema) -> JSONValue? {
        var candidates = schema.examples.compactMap(JSONValue.init(openAPI:))
        if let fallback = schema.defaultValue.flatMap(JSONValue.init(openAPI:)) { candidates.append(fallback) }
        return candidates.first { self.isValid($0, schema) }
    }

    /// A plain value `schema` refuses (a word, a number, …); `nil` when it
    /// takes them all.
    private func refused(by schema: JSONSchema) -> JSONValue? {
        let candidates: [JSONValue] = ["value", 0, true, .null, .object([:]), .array([])]
        return candidates.first { !self.isValid($0, schema) }
    }

    static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]

    static func word(_ draw: SampleDraw) -> String {
        self.words[Int(draw.number(12) % UInt64(self.words.count))]
    }

    // MARK: Combinations

    private func allOf(_ schema: JSONSchema, _ members: [JSONSchema], draw: SampleDraw, trail: SampleTrail)
        -> JSONValue
    {
        if members.count == 1 { return self.sample(members[0], draw: draw, trail: trail) }
        var inner = trail
        if let parts = self.objectParts(of: members, trail: &inner, hops: 0) {
            // Not checked again here: each property was made to satisfy
            // all its parts, and a check of the whole at every level of
            // nested `allOf`s costs a walk of the subtree per level.
            return self.object(Self.merged(parts), draw: draw, trail: inner)
        }
        // Not all objects: numbers from their
        // bounds together, else each member's sample in turn; the first
        // that all of them accept.
        var candidates = members.map { self.sample($0, draw: draw, trail: trail) }
        if let number = self.mergedNumber(members) {
            candidates.insert(self.sample(number, draw: draw, trail: trail), at: 0)
        }
        return candidates.first { self.isValid($0, schema) } ?? candidates[0]
    }

    /// The numbers an `allOf` of numeric schemas allows, as one schema:
    /// the tightest bounds, a whole number when any part asks for one, the
    /// first `multipleOf`; `nil` when a part is not a number.
    private func mergedNumber(_ members: [JSONSchema]) -> JSONSchema? {
        var integer = false
        var low: (value: Double, exclusive: Bool)?
        var high: (value: Double, exclusive: Bool)?
        var multiple: Double?
        func tighten(_ numeric: JSONSchema.NumericContext) {
            if let bound = numeric.minimum,
                low.map({ bound.value > $0.value || (bound.value == $0.value && bound.exclusive) }) ?? true
            {
                low = (bound.value, bound.exclusive)
            }
            if let bound = numeric.maximum,
                high.map({ bound.value < $0.value || (bound.value == $0.value && bound.exclusive) }) ?? true
            {
                high = (bound.value, bound.exclusive)
            }
            multiple = multiple ?? numeric.multipleOf
        }
        for member in members {
            switch self.references.resolved(member)?.value {
            case .integer(_, let context)?:
                integer = true
                tighten(context.numericContext)
            case .number(_, let context)?: tighten(context)
            case .fragment?: continue
            default: return nil
            }
        }
        guard integer else { return .number(.init(), .init(multipleOf: multiple, maximum: high, minimum: low)) }
        let limit = 1e15
        guard abs(low?.value ?? 0) < limit, abs(high?.value ?? 0) < limit else { return nil }
        let least = low.map { $0.exclusive ? Int($0.value.rounded(.down)) + 1 : Int($0.value.rounded(.up)) }
        let most = high.map { $0.exclusive ? Int($0.value.rounded(.up)) - 1 : Int($0.value.rounded(.down)) }
        return .integer(
            .init(),
            .init(
                multipleOf: multiple.flatMap { Int(exactly: $0) }, maximum: most.map { ($0, exclusive: false) },
                minimum: least.map { ($0, exclusive: false) }))
    }

    /// The object schemas an `allOf` is made of (through references and
    /// nested `allOf`s); `nil` when one is not an object.
    private func objectParts(of members: [JSONSchema], trail: inout SampleTrail, hops: Int)
        -> [JSONSchema.ObjectContext]?
    {
        guard hops < 16 else { return nil }
        var parts: [JSONSchema.ObjectContext] = []
        for member in members {
            switch member.value {
            case .reference:
                guard let target = self.references.resolved(member) else { return nil }
                trail = trail.entering(SchemaReferences.name(of: member))
                guard let more = self.objectParts(of: [target], trail: &trail, hops: hops + 1) else { return nil }
                parts += more
            case .object(_, let object):
                parts.append(object)
            case .all(let nested, _):
                guard let more = self.objectParts(of: nested, trail: &trail, hops: hops + 1) else { return nil }
                parts += more
            case .fragment:
                continue
            default:
                return nil
            }
        }
        return parts
    }

    /// One object with every part's properties: a property several parts
    /// name must satisfy each (an `allOf` of their schemas), and is
    /// required when any part requires it.
    private static func merged(_ parts: [JSONSchema.ObjectContext]) -> JSONSchema.ObjectContext {
        var schemas: OrderedDictionary<String, [JSONSchema]> = [:]
        for part in parts {
            for (name, property) in part.properties {
                schemas[name, default: []].append(property)
            }
        }
        let properties = schemas.mapValues { all -> JSONSchema in
            let required = all.contains { $0.required }
            // A part that only names the property in `required` (a paging
            // object's `items`, its type given by the part that refines it)
            // adds nothing but that: an `allOf` with its empty schema would
            // be sampled as `{}` where the refining part says array.
            let constraining = all.filter { !$0.inferred }
            let list = constraining.isEmpty ? all : constraining
            if list.count == 1 { return required ? list[0].requiredSchemaObject() : list[0] }
            return .all(of: list, core: .init(required: required))
        }
        let closed = parts.contains { if case .a(false)? = $0.additionalProperties { true } else { false } }
        return JSONSchema.ObjectContext(
            properties: properties,
            additionalProperties: closed ? .a(false) : nil,
            maxProperties: parts.compactMap(\.maxProperties).min(),
            minProperties: parts.map(\.minProperties).max())
    }

    /// The first branch's sample the whole schema accepts. For a `oneOf`,
    /// a sample that more than one branch accepts (objects that do not
    /// close their properties) is set apart from the others first; with a
    /// discriminator too, as a validator that reads it as a hint only (3.1)
    /// checks the plain `oneOf`.
    private func firstValidBranch(
        _ schema: JSONSchema, _ branches: [JSONSchema], discriminator: OpenAPI.Discriminator?, exactlyOne: Bool,
        draw: SampleDraw, trail: SampleTrail
    ) -> JSONValue {
        var first: JSONValue?
        // Past the bounds a null branch comes first: a recursive
        // `oneOf: [$ref: Self, {type: 'null'}]` then ends at once.
        let ordered = trail.minimal ? branches.filter(\.isNull) + branches.filter { !$0.isNull } : branches
        for (index, branch) in ordered.enumerated() {
            var candidate = self.sample(branch, draw: draw, trail: trail)
            if let discriminator, case .object(var fields) = candidate,
                let name = SchemaReferences.discriminatorValue(for: branch, in: discriminator)
            {
                fields[discriminator.propertyName] = .string(name)
                if self.isValid(.object(fields), branch) { candidate = .object(fields) }
            }
            let others = ordered.enumerated().filter { $0.offset != index }.map(\.element)
            let accepted = self.isValid(candidate, schema)
            if exactlyOne, !accepted || discriminator != nil, self.isValid(candidate, branch),
                let apart = self.setApart(candidate, branch: branch, from: others, whole: schema)
            {
                return apart
            }
            if accepted { return candidate }
            first = first ?? candidate
        }
        return first ?? .null
    }

    /// `candidate`, which `branch` accepts, changed so that none of
    /// `others` does: a property another requires left out, or one it
    /// names given a value it refuses, where `branch` still accepts the
    /// result; `nil` when no other accepts it or it cannot be set apart
    /// so (nor the whole schema accepts the result).
    private func setApart(_ candidate: JSONValue, branch: JSONSchema, from others: [JSONSchema], whole: JSONSchema)
        -> JSONValue?
    {
        guard case .object(var fields) = candidate else { return nil }
        var changed = false
        for other in others where self.isValid(.object(fields), other) {
            var trail = SampleTrail()
            guard let parts = self.objectParts(of: [other], trail: &trail, hops: 0) else { return nil }
            var apart = false
            for (name, property) in Self.merged(parts).properties where !apart {
                var tried = fields
                if property.required && fields[name] != nil {
                    tried[name] = nil
                } else if let wrong = self.refused(by: property) {
                    tried[name] = wrong
                } else {
                    continue
                }
                if self.isValid(.object(tried), branch) && !self.isValid(.object(tried), other) {
                    fields = tried
                    apart = true
                }
            }
            guard apart else { return nil }
            changed = true
        }
        guard changed, self.isValid(.object(fields), whole) else { return nil }
        return .object(fields)
    }
}
