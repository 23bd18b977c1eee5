/// Measuring and cutting text in terminal columns: a wide character (CJK,
/// emoji) takes two, a combining mark none, and a cut never splits a
/// character.
extension TerminalText {
    /// The columns `character` takes: its first scalar decides, as the
    /// marks that `escapeNetwork` lets follow it take none.
    public static func columns(_ character: Character) -> Int {
        // An ASCII first scalar is never wide. Its first byte says so for
        // less than `isASCII` or the first scalar costs: the grid asks this
        // of every cell written, twice.
        if let lead = character.utf8.first, lead < 0x80 { return 1 }
        guard let first = character.unicodeScalars.first else { return 0 }
        return Self.isWide(first) ? 2 : 1
    }

    /// The columns `text` takes.
    public static func columns(_ text: some StringProtocol) -> Int {
        // Every frame measures every line drawn: printable ASCII (most of
        // them) is a column a byte, without walking it by character.
        if Self.isPrintableASCII(text) { return text.utf8.count }
        return Self.columnsByCharacter(text)
    }

    /// `columns` character by character (and for tests to compare the fast
    /// path with).
    static func columnsByCharacter(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += Self.columns(character) }
        return total
    }

    /// The longest start of `text` that fits in `width` columns.
    public static func prefix(_ text: Substring, columns width: Int) -> Substring {
        if Self.isPrintableASCII(text) {
            let count = min(max(0, width), text.utf8.count)
            return text[..<text.utf8.index(text.startIndex, offsetBy: count)]
        }
        return Self.prefixByCharacter(text, columns: width)
    }

    /// `prefix` character by character (and for tests to compare the fast
    /// path with).
    static func prefixByCharacter(_ text: Substring, columns width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let next = used + Self.columns(text[index])
            if next > width { break }
            used = next
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// Cuts `text` to `width` columns, ending in `…` (or `~` in ASCII) when
    /// cut; where a wide character would be split, a space takes its place.
    public static func truncate(_ text: String, to width: Int, unicode: Bool = true) -> String {
        guard width > 0 else { return "" }
        let whole = Self.columns(text)
        guard whole > width else { return text }
        let kept = Self.prefix(Substring(text), columns: width - 1)
        let gap = width - 1 - Self.columns(kept)
        return String(kept) + String(repeating: " ", count: gap) + (unicode ? "…" : "~")
    }

    /// Pads with spaces (or cuts) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, unicode: Bool = true) -> String {
        let cut = Self.truncate(text, to: width, unicode: unicode)
        return cut + String(repeating: " ", count: max(0, width - Self.columns(cut)))
    }

    /// Right-aligns in `width` columns (keeping the end of a longer text).
    public static func padLeft(_ text: String, to width: Int) -> String {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            let next = used + Self.columns(text[before])
            if next > width { break }
            used = next
            start = before
        }
        return String(repeating: " ", count: max(0, width - used)) + text[start...]
    }

    /// Breaks `text` into lines of at most `width` columns, at spaces where
    /// it can (a word longer than a line is cut).
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty && Self.columns(line) + 1 + Self.columns(word) <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while Self.columns(word) > width {
                let piece = Self.cut(word, columns: width)
                lines.append(String(piece))
                word = word[piece.endIndex...]
            }
            line = String(word)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Like `prefix`, but never empty when `text` is not: a wide character
    /// in a one-column space goes out whole rather than looping forever.
    static func cut(_ text: Substring, columns width: Int) -> Substring {
        let piece = Self.prefix(text, columns: width)
        return piece.isEmpty && !text.isEmpty ? text.prefix(1) : piece
    }

    /// Text for a terminal that is not UTF-8: the UI's own glyphs become
    /// their ASCII stand-ins (`Glyphs`), ASCII stays, and any other scalar
    /// is `\xHH` of its UTF-8 bytes, as network text always was there.
    public static func ascii(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else if let stand = Glyphs.ascii(for: scalar) {
                out.append(stand)
            } else {
                for byte in String(scalar).utf8 { out += "\\x" + Self.hex(byte) }
            }
        }
        return out
    }
}
