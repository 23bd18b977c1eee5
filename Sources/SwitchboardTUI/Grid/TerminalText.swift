/// Makes text safe to draw: nothing that came from the network (or a file)
/// can move the cursor, change colours, set the title, reorder a line or
/// upset column widths.
///
/// One escaping rule for the whole screen: a byte below 0x20, DEL, and a
/// byte that is not part of valid UTF-8 are `\xHH`; a non-ASCII scalar that
/// is not drawn as itself is `\u{…}` (lower-case hex); a backslash is `\\`.
public enum TerminalText {
    /// For request lines and headers (and bodies, through `escapeBytes`).
    /// Printable text of any script stays, wide characters included (two
    /// columns), combining marks stay with the letter they follow; control
    /// characters, bidi overrides and isolates, zero-width and other format
    /// characters, private-use and unassigned scalars, spaces other than
    /// U+0020, and U+FFFD are escaped. U+FFFD is escaped because NIO's
    /// decoder already put it where the bytes on the wire were invalid, so
    /// it says "bytes lost here" rather than standing for itself. For an
    /// ASCII terminal, `ascii(_:)` turns what stays into `\xHH` at draw time.
    ///
    /// `doublesBackslash: false` leaves a backslash as it is, for bodies,
    /// where JSON's own escapes must stay readable (as `clean` leaves them).
    ///
    /// A character built of several drawable scalars (a flag's two regional
    /// indicators, an emoji with a skin tone) keeps its first and shows the
    /// rest as `\u{…}`: terminals disagree on how wide such a sequence is,
    /// and ncurses keeps only marks with a cell's character.
    public static func escapeNetwork(_ text: String, doublesBackslash: Bool = true) -> String {
        // Nearly every request line is printable ASCII, which the rule
        // leaves as it is: the same string back, without walking it by
        // character (most of the time the screen spends taking requests in).
        if Self.isPrintableASCII(text, allowingBackslash: !doublesBackslash) { return text }
        return Self.escapeNetworkByCharacter(text, doublesBackslash: doublesBackslash)
    }

    /// `escapeNetwork` character by character, for text that is not all
    /// printable ASCII (and for tests to compare the fast path with).
    static func escapeNetworkByCharacter(_ text: String, doublesBackslash: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var attaches = false
        Self.append(text, to: &out, attaches: &attaches, doublesBackslash: doublesBackslash)
        return out
    }

    /// Whether every byte of `text` is drawn as itself (U+0020 to U+007E),
    /// so it takes one column a byte; a backslash only with
    /// `allowingBackslash`, as `escapeNetwork` doubles it.
    static func isPrintableASCII(_ text: some StringProtocol, allowingBackslash: Bool = true) -> Bool {
        func drawn(_ byte: UInt8) -> Bool {
            (0x20...0x7E).contains(byte) && (allowingBackslash || byte != UInt8(ascii: "\\"))
        }
        // Over the bytes in memory where they are (a native string's):
        // quicker than through the view's iterator.
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(drawn) } ?? text.utf8.allSatisfy(drawn)
    }

    private static func append(_ text: String, to out: inout String, attaches: inout Bool, doublesBackslash: Bool) {
        for character in text {
            var first = true
            for scalar in character.unicodeScalars {
                if first || scalar.isASCII || Self.networkColumns(scalar) == 0 {
                    Self.append(scalar, to: &out, attaches: &attaches, doublesBackslash: doublesBackslash)
                } else {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                    attaches = false
                }
                first = false
            }
        }
    }

    /// Raw bytes (a body): valid UTF-8 as `escapeNetwork` draws it, every
    /// byte that is not part of valid UTF-8 as `\xHH` of that byte, so the
    /// original bytes can be read back from the screen.
    public static func escapeBytes(_ bytes: some Collection<UInt8>, doublesBackslash: Bool = true) -> String {
        let bytes = Array(bytes)
        var out = ""
        out.reserveCapacity(bytes.count)
        var attaches = false
        // Valid stretches are escaped as text, so characters are whole.
        var run = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = Self.scalar(in: bytes, at: index) {
                run.append(scalar)
                index += length
            } else {
                Self.append(String(run), to: &out, attaches: &attaches, doublesBackslash: doublesBackslash)
                run.removeAll()
                out += "\\x" + Self.hex(bytes[index])
                attaches = false
                index += 1
            }
        }
        Self.append(String(run), to: &out, attaches: &attaches, doublesBackslash: doublesBackslash)
        return out
    }

    /// The well-formed UTF-8 scalar starting at `index` and its length in
    /// bytes (no overlong forms, no surrogates, nothing past U+10FFFF).
    static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let (length, minimum): (Int, UInt32) =
            switch lead {
            case 0x00...0x7F: (1, 0)
            case 0xC2...0xDF: (2, 0x80)
            case 0xE0...0xEF: (3, 0x800)
            case 0xF0...0xF4: (4, 0x10000)
            default: (0, 0)
            }
        guard length > 0, index + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (length == 1 ? 0x7F : 0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private static func append(
        _ scalar: Unicode.Scalar, to out: inout String, attaches: inout Bool, doublesBackslash: Bool
    ) {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x5C: out += doublesBackslash ? "\\\\" : "\\"
            case 0x20...0x7E: out.unicodeScalars.append(scalar)
            default:
                out += "\\x" + Self.hex(UInt8(value))
                attaches = false
                return
            }
            attaches = true
            return
        }
        switch Self.networkColumns(scalar) {
        case 0? where attaches:
            out.unicodeScalars.append(scalar)
        case let columns? where columns > 0:
            out.unicodeScalars.append(scalar)
            attaches = true
        default:
            out += "\\u{" + String(value, radix: 16) + "}"
            attaches = false
        }
    }

    /// How many columns a non-ASCII scalar from the network takes when drawn
    /// as itself: 0 for a combining mark, 1 or 2; nil when it is escaped.
    static func networkColumns(_ scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        if value < 0xA0 || value == 0xFFFD { return nil }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .spacingMark, .format, .control, .surrogate, .privateUse, .unassigned, .lineSeparator,
            .paragraphSeparator, .spaceSeparator:
            return nil
        default:
            // Hangul fillers draw as nothing at all, and the vowels and
            // finals of conjoining jamo draw into the syllable before them.
            if value == 0x115F || value == 0x3164 || value == 0xFFA0 { return nil }
            if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return nil }
            return Self.isWide(scalar) ? 2 : 1
        }
    }

    /// For text from the manifest and the user (paths, names, header
    /// values, a filter): the same rule as `escapeNetwork`, so a manifest's
    /// `/café/東京` is drawn as the request for it is, wide letters at their
    /// real width; only a backslash is left as written, as it means nothing
    /// special in a name.
    public static func clean(_ text: String) -> String {
        Self.escapeNetwork(text, doublesBackslash: false)
    }

    /// East Asian wide and fullwidth letters, and emoji drawn as emoji
    /// (Emoji_Presentation, which Unicode gives East Asian width W, but for
    /// the regional indicators of flags). Checked against glibc's `wcwidth`,
    /// which ncurses uses, over every assigned scalar: no differences.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        if (0x1F1E6...0x1F1FF).contains(value) { return false }
        return Self.wide.contains { $0.contains(value) } || scalar.properties.isEmojiPresentation
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x4DFF, 0x4E00...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x3FFFD,
    ]

    private static let hexDigits = Array("0123456789ABCDEF")

    static func hex(_ byte: UInt8) -> String {
        String([Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]])
    }
}
