import SwitchboardJSON
import Yams

/// Writes an inline `json:` value as compact JSON, keeping key order.
enum YAMLToJSON {
    static func encode(_ node: Node) -> [UInt8] {
        var out = ""
        write(node, to: &out)
        return Array(out.utf8)
    }

    private static func write(_ node: Node, to out: inout String) {
        switch node {
        case .mapping(let mapping):
            out += "{"
            for (index, pair) in mapping.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.quoted(pair.key.scalar?.string ?? "")
                out += ":"
                write(pair.value, to: &out)
            }
            out += "}"
        case .sequence(let sequence):
            out += "["
            for (index, item) in sequence.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .scalar(let scalar):
            out += scalarJSON(node, scalar)
        case .alias:
            out += "null"
        }
    }

    private static func scalarJSON(_ node: Node, _ scalar: Node.Scalar) -> String {
        guard scalar.style == .plain || scalar.style == .any else { return JSONText.quoted(scalar.string) }
        switch Resolver.default.resolveTag(of: node) {
        case .null: return "null"
        case .bool: return node.bool.map { $0 ? "true" : "false" } ?? JSONText.quoted(scalar.string)
        case .int: return node.int.map(String.init) ?? JSONText.quoted(scalar.string)
        case .float:
            guard let value = node.float, value.isFinite else { return "null" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        default: return JSONText.quoted(scalar.string)
        }
    }
}
