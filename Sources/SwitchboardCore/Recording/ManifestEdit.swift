import Yams

/// Text edits to a manifest that keep the user's file as written: an entry
/// appended in the file's own style, or one response key replaced. The
/// spans come from Yams' node marks; the rest of the text is not touched.
struct ManifestEdit {
    private(set) var text: ManifestText
    let style: ManifestValue.Style

    init(text: String, style: ManifestValue.Style) {
        self.text = ManifestText(text)
        self.style = style
    }

    struct Unsupported: Error {
        var reason: String
    }

    /// A new manifest holding one entry.
    static func newManifest(_ entry: ManifestValue, style: ManifestValue.Style) -> String {
        if style.json { return "{\"endpoints\": [\n  " + entry.flow(style) + "\n]}\n" }
        var lines = [
            "# Written by Switchboard from what it recorded. Edit it freely: recording",
            "# again replaces only the response it records and keeps everything else.",
            "endpoints:",
        ]
        lines += Self.itemLines(entry, dashIndent: 2, keyIndent: 4, step: 2, style: style)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Sets response `kind` of the endpoint entry `item`: replaces its value
    /// if the entry has one, adds the key otherwise.
    /// `step` is the file's indentation step (see `indentStep`).
    mutating func setResponse(
        _ kind: ResponseKind, to value: ManifestValue, in item: Node, step: Int
    ) throws(Unsupported) {
        guard case .mapping(let mapping) = item, let itemMark = mapping.mark else {
            throw Unsupported(reason: "the endpoint entry is not a mapping")
        }
        if let pair = mapping.first(where: { $0.key.scalar?.string == kind.rawValue }), let keyMark = pair.key.mark {
            try self.replaceValue(pair.value, keyMark: keyMark, with: value, step: step)
            return
        }
        let entry = ManifestValue.map([.init(key: kind.rawValue, value: value)])
        let start = self.text.offset(of: itemMark)
        if self.text.opensFlow(at: start) {
            guard let end = self.text.endOfFlow(from: start) else { throw Unsupported(reason: "unclosed '{'") }
            let inner = String(
                entry.flow(self.style).dropFirst(self.style.json ? 1 : 2).dropLast(self.style.json ? 1 : 2))
            let at = self.text.lastNonSpace(before: end - 1) + 1
            self.text.replace(at..<at, with: ", " + inner)
            return
        }
        let keyIndent = itemMark.column - 1
        let last = self.text.lastLine(ofBlockStartingAt: self.text.line(of: itemMark), deeperThan: keyIndent - 1)
        let lines = entry.blockLines(indent: keyIndent, step: step, style: self.style)
        let at = self.text.endOfLine(last)
        self.text.replace(at..<at, with: self.text.lineBreak + lines.joined(separator: self.text.lineBreak))
    }

    private mutating func replaceValue(_ old: Node, keyMark: Mark, with value: ManifestValue, step: Int)
        throws(Unsupported)
    {
        guard let mark = old.mark else { throw Unsupported(reason: "no position for the old response") }
        let start = self.text.offset(of: mark)
        let isFlow = self.text.opensFlow(at: start)
        if isFlow {
            guard let end = self.text.endOfFlow(from: start) else { throw Unsupported(reason: "unclosed '{'") }
            self.text.replace(start..<end, with: value.flow(self.style))
            return
        }
        guard case .mapping = old, self.text.line(of: mark) > self.text.line(of: keyMark) else {
            throw Unsupported(reason: "the old response is not a mapping")
        }
        // A block mapping: its lines are replaced whole, the key's line kept
        // (with any comment on it), the new lines indented like the old.
        let keyLine = self.text.line(of: keyMark)
        let last = self.text.lastLine(ofBlockStartingAt: keyLine, deeperThan: keyMark.column - 1)
        let lines = value.blockLines(indent: mark.column - 1, step: step, style: self.style)
        let range = self.text.startOfNextLine(keyLine)..<self.text.endOfLine(last)
        self.text.replace(range, with: lines.joined(separator: self.text.lineBreak))
    }

    /// Appends `entry` to the manifest's `endpoints` list.
    mutating func appendEndpoint(_ entry: ManifestValue, endpoints: Node) throws(Unsupported) {
        guard case .sequence(let sequence) = endpoints, let listMark = sequence.mark, let lastItem = sequence.last,
            let itemMark = lastItem.mark
        else { throw Unsupported(reason: "'endpoints' is not a list with entries") }
        let lineBreak = self.text.lineBreak
        if self.text.opensFlow(at: self.text.offset(of: listMark)) {
            let start = self.text.offset(of: listMark)
            guard let end = self.text.endOfFlow(from: start) else { throw Unsupported(reason: "unclosed '['") }
            let at = self.text.lastNonSpace(before: end - 1) + 1
            let ownLine = self.text.line(of: itemMark) != self.text.line(of: listMark)
            let separator = ownLine ? "," + lineBreak + String(repeating: " ", count: itemMark.column - 1) : ", "
            self.text.replace(at..<at, with: separator + entry.flow(self.style))
            return
        }
        let dashIndent = listMark.column - 1
        let step = Self.indentStep(endpoints)
        let last = self.text.lastLine(ofBlockStartingAt: self.text.line(of: itemMark), deeperThan: dashIndent)
        var lines: [String]
        let flowItem = String(repeating: " ", count: dashIndent) + "- " + entry.flow(self.style)
        let lastIsFlow = self.text.opensFlow(at: self.text.offset(of: itemMark))
        if lastIsFlow, flowItem.count <= self.style.lineLength {
            lines = [flowItem]
        } else {
            let keyIndent = lastIsFlow ? dashIndent + 2 : itemMark.column - 1
            lines = Self.itemLines(entry, dashIndent: dashIndent, keyIndent: keyIndent, step: step, style: self.style)
        }
        if self.itemsAreSeparatedByBlankLines(sequence) { lines.insert("", at: 0) }
        let at = self.text.endOfLine(last)
        self.text.replace(at..<at, with: lineBreak + lines.joined(separator: lineBreak))
    }

    /// How far the file indents a nested block: the `endpoints` list's own
    /// indentation under its key (2 in the demo), or 2 when it has none.
    static func indentStep(_ endpoints: Node) -> Int {
        let dashIndent = (endpoints.mark?.column ?? 1) - 1
        return dashIndent > 0 ? dashIndent : 2
    }

    /// `- id: x` then the other keys under `id`.
    static func itemLines(
        _ entry: ManifestValue, dashIndent: Int, keyIndent: Int, step: Int, style: ManifestValue.Style
    ) -> [String] {
        var lines = entry.blockLines(indent: keyIndent, step: step, style: style)
        if !lines.isEmpty {
            let dash = String(repeating: " ", count: dashIndent) + "-"
            lines[0] =
                dash + String(repeating: " ", count: max(1, keyIndent - dash.count)) + lines[0].dropFirst(keyIndent)
        }
        return lines
    }

    /// True when the entries after the first have a blank line above them
    /// (above their comments, if any), as the demo manifest has.
    private func itemsAreSeparatedByBlankLines(_ sequence: Node.Sequence) -> Bool {
        for item in sequence.dropFirst() {
            guard let mark = item.mark else { continue }
            var line = self.text.line(of: mark) - 1
            while line >= 0, self.text.isBlankOrComment(line), !self.text.isBlank(line) { line -= 1 }
            if line >= 0, self.text.isBlank(line) { return true }
        }
        return false
    }

}
