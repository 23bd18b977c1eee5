/// Re-indents JSON text without parsing it into dictionaries, so key order
/// and number spelling stay exactly as sent. Not a validator: text that is
/// not JSON comes out with line breaks in odd places, never lost.
enum JSONIndenter {
    static func lines(_ text: String, indent: String = "  ") -> [String] {
        var lines: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            lines.append(current)
            current = String(repeating: indent, count: max(0, depth))
        }
        for character in text {
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                current.append(character)
            case "{", "[":
                current.append(character)
                depth += 1
                newline()
            case "}", "]":
                depth -= 1
                if current.allSatisfy({ $0 == " " }) {
                    current = String(repeating: indent, count: max(0, depth))
                } else {
                    newline()
                }
                current.append(character)
            case ",":
                current.append(character)
                newline()
            case ":":
                current += ": "
            case " ", "\n", "\r", "\t":
                continue
            default:
                current.append(character)
            }
        }
        if !current.allSatisfy({ $0 == " " }) { lines.append(current) }
        // `{` followed directly by `}`: put them back together.
        var joined: [String] = []
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            if let last = joined.last,
                (last.hasSuffix("{") && trimmed.hasPrefix("}")) || (last.hasSuffix("[") && trimmed.hasPrefix("]"))
            {
                joined[joined.count - 1] = last + trimmed
            } else {
                joined.append(line)
            }
        }
        return joined
    }
}
