/// Makes text safe to draw: nothing that came from the network (or a file)
/// can move the cursor, change colours, set the title or upset column widths.
public enum TerminalText {
    /// For request lines and headers: printable ASCII stays, a backslash
    /// becomes `\\`, and every other byte is shown as `\xHH`. A path full of
    /// escape sequences stays one line of harmless text.
    public static func escapeNetwork(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "\\x" + hex(byte)
            }
        }
        return out
    }

    /// For text we trust to mean something (manifest names): letters of any
    /// script stay, but control characters and anything that would not take
    /// exactly one column is escaped as `\u{…}`.
    public static func clean(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isSingleColumn(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }

    /// Whether a scalar is printable and one column wide on a terminal.
    static func isSingleColumn(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        if value < 0x7F { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .surrogate, .privateUse,
            .unassigned, .lineSeparator, .paragraphSeparator:
            return false
        default:
            break
        }
        return !Self.wide.contains { $0.contains(value) }
    }

    /// East Asian wide and fullwidth ranges, and emoji: two columns each.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x2600...0x27BF, 0x1F000...0x1FAFF, 0x20000...0x3FFFD,
    ]

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func hex(_ byte: UInt8) -> String {
        String([Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]])
    }

    /// Cuts `text` to `width` columns, ending in `…` (or `~` in ASCII) when cut.
    public static func truncate(_ text: String, to width: Int, unicode: Bool = true) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + (unicode ? "…" : "~")
    }

    /// Pads with spaces (or cuts) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, unicode: Bool = true) -> String {
        let cut = truncate(text, to: width, unicode: unicode)
        return cut + String(repeating: " ", count: max(0, width - cut.count))
    }

    /// Right-aligns in `width` columns.
    public static func padLeft(_ text: String, to width: Int) -> String {
        let cut = String(text.suffix(width))
        return String(repeating: " ", count: max(0, width - cut.count)) + cut
    }

    /// Breaks `text` into lines of at most `width` columns, at spaces where
    /// it can (a word longer than a line is cut). For `clean`ed text, where
    /// every character takes one column.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty && line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line = String(word)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
