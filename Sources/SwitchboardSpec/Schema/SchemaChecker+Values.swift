import Foundation
import OpenAPIKit
import SwitchboardJSON
import SwitchboardModel

/// The keywords of each type: numbers, strings, objects, arrays.
extension SchemaChecker {
    func integerViolations(
        of value: JSONValue, core: JSONSchema.CoreContext<JSONTypeFormat.IntegerFormat>,
        _ integer: JSONSchema.IntegerContext, at location: String
    ) -> [ContractViolation] {
        guard case .number(let number) = value, number.isFinite, number == number.rounded() else {
            return self.typeMismatch(value, expected: "integer", nullable: core.nullable, at: location)
        }
        var found = self.boundViolations(
            number, minimum: integer.minimum.map { (Double($0.value), $0.exclusive) },
            maximum: integer.maximum.map { (Double($0.value), $0.exclusive) }, at: location)
        if let multiple = integer.multipleOf, multiple > 0,
            number.truncatingRemainder(dividingBy: Double(multiple)) != 0
        {
            found.append(ContractViolation(location: location, message: "must be a multiple of \(multiple)"))
        }
        let fits =
            switch core.format {
            case .int32: number >= Double(Int32.min) && number <= Double(Int32.max)
            case .int64: number >= -0x1p63 && number < 0x1p63
            default: true
            }
        if !fits {
            found.append(ContractViolation(location: location, message: "does not fit in \(core.format.rawValue)"))
        }
        return found
    }

    func numberViolations(
        of value: JSONValue, core: JSONSchema.CoreContext<JSONTypeFormat.NumberFormat>,
        _ numeric: JSONSchema.NumericContext, at location: String
    ) -> [ContractViolation] {
        guard case .number(let number) = value else {
            return self.typeMismatch(value, expected: "number", nullable: core.nullable, at: location)
        }
        var found = self.boundViolations(
            number, minimum: numeric.minimum.map { ($0.value, $0.exclusive) },
            maximum: numeric.maximum.map { ($0.value, $0.exclusive) }, at: location)
        if let multiple = numeric.multipleOf, multiple > 0 {
            // As JSON Schema validators do it: the quotient must be whole.
            let quotient = number / multiple
            if !quotient.isFinite || quotient != quotient.rounded() {
                found.append(
                    ContractViolation(
                        location: location, message: "must be a multiple of \(JSONValue.number(multiple).json)"))
            }
        }
        return found
    }

    private func boundViolations(
        _ number: Double, minimum: (value: Double, exclusive: Bool)?, maximum: (value: Double, exclusive: Bool)?,
        at location: String
    ) -> [ContractViolation] {
        var found: [ContractViolation] = []
        if let minimum, minimum.exclusive ? number <= minimum.value : number < minimum.value {
            let sign = minimum.exclusive ? ">" : "≥"
            found.append(
                ContractViolation(
                    location: location, message: "must be \(sign) \(JSONValue.number(minimum.value).json)"))
        }
        if let maximum, maximum.exclusive ? number >= maximum.value : number > maximum.value {
            let sign = maximum.exclusive ? "<" : "≤"
            found.append(
                ContractViolation(
                    location: location, message: "must be \(sign) \(JSONValue.number(maximum.value).json)"))
        }
        return found
    }

    func stringViolations(
        of value: JSONValue, core: JSONSchema.CoreContext<JSONTypeFormat.StringFormat>,
        _ string: JSONSchema.StringContext, at location: String
    ) -> [ContractViolation] {
        guard case .string(let text) = value else {
            return self.typeMismatch(value, expected: "string", nullable: core.nullable, at: location)
        }
        var found: [ContractViolation] = []
        // JSON Schema counts characters as code points.
        let length = text.unicodeScalars.count
        if length < string.minLength {
            found.append(
                ContractViolation(
                    location: location, message: "must be at least \(Self.count(string.minLength, "character"))"))
        }
        if let maxLength = string.maxLength, length > maxLength {
            found.append(
                ContractViolation(location: location, message: "must be at most \(Self.count(maxLength, "character"))"))
        }
        if let pattern = string.pattern, self.matches(pattern, text) == false {
            found.append(ContractViolation(location: location, message: "must match \(pattern)"))
        }
        if let violation = Self.formatViolation(text, core.format.rawValue) {
            found.append(ContractViolation(location: location, message: violation))
        }
        return found
    }

    func objectViolations(
        of value: JSONValue, core: JSONSchema.CoreContext<JSONTypeFormat.ObjectFormat>,
        _ object: JSONSchema.ObjectContext, at location: String, depth: Int
    ) -> [ContractViolation] {
        guard case .object(let fields) = value else {
            return self.typeMismatch(value, expected: "object", nullable: core.nullable, at: location)
        }
        var found: [ContractViolation] = []
        var missing = false
        // Required, but not of a value travelling this way (`SchemaUse`).
        var excused = 0
        // By name, whatever order the document's reader kept.
        for (name, property) in object.properties.sorted(by: { $0.key < $1.key })
        where !self.exhausted && found.count <= Self.listLimit {
            if let field = fields[name] {
                found += self.violations(
                    of: field, against: property, at: SchemaLocation.property(name, of: location), depth: depth + 1)
            } else if property.required, self.use?.excludes(property, self.references) == true {
                excused += 1
            } else if property.required {
                missing = true
                found.append(ContractViolation(location: location, message: "missing required property \(name)"))
            }
        }
        for name in fields.keys.sorted()
        where object.properties[name] == nil && !self.exhausted && found.count <= Self.listLimit {
            let field = fields[name]!
            let place = SchemaLocation.property(name, of: location)
            var matched = false
            for (pattern, schema) in object.patternProperties {
                guard self.matches(pattern, name) == true else { continue }
                matched = true
                found += self.violations(of: field, against: schema, at: place, depth: depth + 1)
            }
            guard !matched else { continue }
            switch object.additionalProperties {
            case .a(false)?:
                found.append(ContractViolation(location: location, message: "unexpected property \(name)"))
            case .b(let schema)?:
                found += self.violations(of: field, against: schema, at: place, depth: depth + 1)
            case .a(true)?, nil:
                break
            }
        }
        // `minProperties` counts the required ones too (OpenAPIKit's model
        // gives the larger of the two): a missing one is already said, an
        // excused one counts as there.
        if !missing && fields.count + excused < object.minProperties {
            found.append(
                ContractViolation(
                    location: location, message: "must have at least \(Self.count(object.minProperties, "property"))"))
        }
        if let maximum = object.maxProperties, fields.count > maximum {
            found.append(
                ContractViolation(location: location, message: "must have at most \(Self.count(maximum, "property"))"))
        }
        return found
    }

    func arrayViolations(
        of value: JSONValue, core: JSONSchema.CoreContext<JSONTypeFormat.ArrayFormat>,
        _ array: JSONSchema.ArrayContext, at location: String, depth: Int
    ) -> [ContractViolation] {
        guard case .array(let items) = value else {
            return self.typeMismatch(value, expected: "array", nullable: core.nullable, at: location)
        }
        var found: [ContractViolation] = []
        if items.count < array.minItems {
            found.append(
                ContractViolation(
                    location: location, message: "must have at least \(Self.count(array.minItems, "item"))")
            )
        }
        if let maximum = array.maxItems, items.count > maximum {
            found.append(
                ContractViolation(location: location, message: "must have at most \(Self.count(maximum, "item"))"))
        }
        if array.uniqueItems, let (first, second) = Self.firstDuplicate(items) {
            found.append(
                ContractViolation(
                    location: location, message: "items \(first) and \(second) are equal; items must be unique"))
        }
        let prefix = array.prefixItems ?? []
        for (index, item) in items.enumerated() where !self.exhausted && found.count <= Self.listLimit {
            let schema = index < prefix.count ? prefix[index] : array.items
            guard let schema else { continue }
            found += self.violations(
                of: item, against: schema, at: SchemaLocation.item(index, of: location), depth: depth + 1)
        }
        return found
    }

    static func firstDuplicate(_ items: [JSONValue]) -> (Int, Int)? {
        var seen: [JSONValue: Int] = [:]
        for (index, item) in items.enumerated() {
            if let earlier = seen[item] { return (earlier, index) }
            seen[item] = index
        }
        return nil
    }

    /// `1 item`, `3 items`; `1 property`, `2 properties`.
    static func count(_ number: Int, _ noun: String) -> String {
        if number == 1 { return "1 \(noun)" }
        return "\(number) " + (noun.hasSuffix("y") ? noun.dropLast() + "ies" : noun + "s")
    }
}
