import SwitchboardCore

/// Header values that let someone act as the user: shown masked unless the
/// reader asks, because people share this screen in demos.
public enum Credentials {
    /// Whether a header named `name` carries a credential: the one list
    /// HAR files, JSON lines and the control API redact (`CredentialNames`).
    public static func isSecret(_ name: String) -> Bool {
        CredentialNames.isHeader(name)
    }

    /// `target` with each query credential's value masked as a header's
    /// is (`?api_key=••••3456`), or `nil` when it holds none. Masked before
    /// it is escaped for the terminal, so the dots are never escaped.
    public static func maskedTarget(_ target: String) -> String? {
        CredentialNames.maskingQuery(in: target) { self.maskSecret($0) }
    }

    /// `indent` `name: value` as a details line, the value masked when the
    /// header carries a secret, and the URLs of a `Location`-like header
    /// redacted as every file that leaves the process has them
    /// (`CredentialNames.redactedValue`); `v` shows `revealed`. Name and
    /// value are already made safe to draw; `rawName` is the name as sent.
    static func line(indent: String, name: String, value: String, rawName: String) -> DetailsView.Line {
        var line = DetailsView.Line("\(indent)\(name): \(value)")
        let hidden =
            Self.isSecret(rawName)
            ? Self.mask(name: rawName, value: value) : CredentialNames.redactedValue(ofHeader: rawName, value)
        if hidden != value {
            line.revealed = line.text
            line.text = "\(indent)\(name): " + hidden
        }
        return line
    }

    /// A query item as the QUERY section shows it: `name = value`, the
    /// value masked when the name is a credential's.
    static func queryLine(name: String, value: String) -> DetailsView.Line {
        var line = DetailsView.Line("  \(TerminalText.clean(name)) = \(TerminalText.clean(value))")
        if CredentialNames.isQueryParameter(name) {
            line.revealed = line.text
            line.text = "  \(TerminalText.clean(name)) = " + TerminalText.clean(self.maskSecret(value[...]))
        }
        return line
    }

    /// `Bearer ••••1a2b`: the scheme and the last four characters, when the
    /// secret is long enough that four say little; for cookies each value is
    /// masked and the names and attributes are kept.
    public static func mask(name: String, value: String) -> String {
        switch name.lowercased() {
        case "cookie":
            return value.split(separator: ";", omittingEmptySubsequences: false).map { self.maskPair($0) }
                .joined(separator: ";")
        case "set-cookie":
            // Only the first pair is the cookie; the rest are its attributes.
            var parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if !parts.isEmpty { parts[0] = self.maskPair(parts[0][...]) }
            return parts.joined(separator: ";")
        case "authorization", "proxy-authorization":
            let words = value.split(separator: " ", maxSplits: 1)
            if words.count == 2 { return "\(words[0]) " + self.maskSecret(words[1]) }
            return self.maskSecret(value[...])
        default:
            return self.maskSecret(value[...])
        }
    }

    static let dots = "••••"

    private static func maskPair(_ pair: Substring) -> String {
        guard let equals = pair.firstIndex(of: "=") else { return self.maskSecret(pair) }
        return String(pair[...equals]) + self.maskSecret(pair[pair.index(after: equals)...])
    }

    private static func maskSecret(_ secret: Substring) -> String {
        if secret.isEmpty { return "" }
        return secret.count >= 12 ? self.dots + secret.suffix(4) : self.dots
    }
}
