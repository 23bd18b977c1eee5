import Yams

/// A manifest's text as Unicode scalars, addressed the way Yams marks are
/// (line and column from 1, columns in scalars), with the few scans a text
/// edit needs. Everything outside an edited span is kept as it was, byte
/// for byte: comments, blank lines, quoting, CRLF line ends.
struct ManifestText {
    private(set) var scalars: [Unicode.Scalar]
    /// Offset of each line's first scalar.
    private(set) var lineStarts: [Int]

    init(_ text: String) {
        self.scalars = Array(text.unicodeScalars)
        self.lineStarts = Self.lineStarts(self.scalars)
    }

    var string: String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: self.scalars)
        return String(text)
    }

    var lineCount: Int { self.lineStarts.count }

    /// The line break the file uses, so inserted lines match it.
    var lineBreak: String {
        guard let newline = self.scalars.firstIndex(of: "\n") else { return "\n" }
        return newline > 0 && self.scalars[newline - 1] == "\r" ? "\r\n" : "\n"
    }

    func offset(of mark: Mark) -> Int {
        self.lineStarts[mark.line - 1] + mark.column - 1
    }

    /// Line index (from 0) of a mark.
    func line(of mark: Mark) -> Int { mark.line - 1 }

    /// The offset just past a line's last character (before its break).
    func endOfLine(_ line: Int) -> Int {
        var end = line + 1 < self.lineStarts.count ? self.lineStarts[line + 1] : self.scalars.count
        if end > self.lineStarts[line], self.scalars[end - 1] == "\n" { end -= 1 }
        if end > self.lineStarts[line], self.scalars[end - 1] == "\r" { end -= 1 }
        return end
    }

    /// The offset where the next line starts (or the end of the text).
    func startOfNextLine(_ line: Int) -> Int {
        line + 1 < self.lineStarts.count ? self.lineStarts[line + 1] : self.scalars.count
    }

    func indent(ofLine line: Int) -> Int {
        var offset = self.lineStarts[line]
        while offset < self.scalars.count, self.scalars[offset] == " " { offset += 1 }
        return offset - self.lineStarts[line]
    }

    /// Blank and comment-only lines belong to no value: they stay where they are.
    func isBlankOrComment(_ line: Int) -> Bool {
        let content = self.scalars[self.lineStarts[line]..<self.endOfLine(line)].drop { $0 == " " || $0 == "\t" }
        return content.isEmpty || content.first == "#"
    }

    func isBlank(_ line: Int) -> Bool {
        self.scalars[self.lineStarts[line]..<self.endOfLine(line)].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The last line of a block that starts on `line` and goes on while
    /// lines are indented deeper than `indent`. Blank and comment lines at
    /// its end are not part of it: they lead into what follows.
    func lastLine(ofBlockStartingAt line: Int, deeperThan indent: Int) -> Int {
        var last = line
        var next = line + 1
        while next < self.lineCount {
            if !self.isBlankOrComment(next) {
                if self.indent(ofLine: next) <= indent { break }
                last = next
            }
            next += 1
        }
        return last
    }

    /// True when a flow collection (`{` or `[`) starts at `offset`. Read
    /// from the text: the style Yams reports is not always the one written.
    func opensFlow(at offset: Int) -> Bool {
        offset < self.scalars.count && (self.scalars[offset] == "{" || self.scalars[offset] == "[")
    }

    /// For a flow collection opening at `offset` (`{` or `[`), the offset
    /// just past its closing bracket. Quoted text and comments are skipped.
    func endOfFlow(from offset: Int) -> Int? {
        var depth = 0
        var index = offset
        while index < self.scalars.count {
            switch self.scalars[index] {
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return index + 1 }
            case "\"":
                index += 1
                while index < self.scalars.count, self.scalars[index] != "\"" {
                    if self.scalars[index] == "\\" { index += 1 }
                    index += 1
                }
            case "'":
                index += 1
                while index < self.scalars.count {
                    if self.scalars[index] == "'" {
                        if index + 1 < self.scalars.count, self.scalars[index + 1] == "'" {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
            case "#" where index > 0 && (self.scalars[index - 1] == " " || self.scalars[index - 1] == "\t"):
                while index < self.scalars.count, self.scalars[index] != "\n" { index += 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The last offset before `offset` that is not white space or a line break.
    func lastNonSpace(before offset: Int) -> Int {
        var index = offset - 1
        while index >= 0, [" ", "\t", "\n", "\r"].contains(self.scalars[index]) { index -= 1 }
        return index
    }

    mutating func replace(_ range: Range<Int>, with text: String) {
        self.scalars.replaceSubrange(range, with: Array(text.unicodeScalars))
        self.lineStarts = Self.lineStarts(self.scalars)
    }

    private static func lineStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        return starts
    }
}
