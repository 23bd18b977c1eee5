import SwitchboardJSON

/// A piece of manifest to write: an endpoint entry or one of its responses,
/// rendered in the style of the file it goes into.
indirect enum ManifestValue: Equatable {
    case text(String)
    case number(Int)
    case map([Entry])

    struct Entry: Equatable {
        var key: String
        var value: ManifestValue
    }

    /// How the file writes things: YAML, or JSON for `switchboard.json`.
    struct Style {
        var json = false
        /// Flow collections longer than this go on lines of their own
        /// (the project's own line length).
        var lineLength = 120
    }

    /// `{ status: 200, file: a.json }`, or `{"status": 200, "file": "a.json"}` in JSON.
    func flow(_ style: Style) -> String {
        switch self {
        case .text(let text): style.json ? Self.quoted(text) : Self.scalar(text)
        case .number(let number): String(number)
        case .map(let entries):
            if entries.isEmpty {
                "{}"
            } else if style.json {
                "{" + entries.map { Self.quoted($0.key) + ": " + $0.value.flow(style) }.joined(separator: ", ") + "}"
            } else {
                "{ " + entries.map { Self.scalar($0.key) + ": " + $0.value.flow(style) }.joined(separator: ", ") + " }"
            }
        }
    }

    /// Block lines at `indent`, one per key; a nested map stays on its
    /// key's line in flow style when it fits, as the demo manifest does.
    func blockLines(indent: Int, step: Int, style: Style) -> [String] {
        guard case .map(let entries) = self else { return [String(repeating: " ", count: indent) + self.flow(style)] }
        var lines: [String] = []
        let pad = String(repeating: " ", count: indent)
        for entry in entries {
            let head = pad + Self.scalar(entry.key) + ":"
            if case .map(let nested) = entry.value, !nested.isEmpty {
                let inline = head + " " + entry.value.flow(style)
                if inline.count <= style.lineLength {
                    lines.append(inline)
                } else {
                    lines.append(head)
                    lines.append(contentsOf: entry.value.blockLines(indent: indent + step, step: step, style: style))
                }
            } else {
                lines.append(head + " " + entry.value.flow(style))
            }
        }
        return lines
    }

    /// Plain when YAML reads it back as the same text in block and flow
    /// context alike; double-quoted otherwise.
    static func scalar(_ text: String) -> String {
        // A ':' inside is fine (`/users/:id`); YAML only reads ': ' as a key.
        let safe = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_-./:".unicodeScalars.contains($0)
        }
        let looksTyped =
            ["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
            || text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }
        guard safe, !looksTyped, let first = text.unicodeScalars.first, first != "-" && first != "." && first != ":",
            text.unicodeScalars.last != ":"
        else {
            return Self.quoted(text)
        }
        return text
    }

    /// A double-quoted scalar: JSON's escapes mean the same in YAML.
    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}
