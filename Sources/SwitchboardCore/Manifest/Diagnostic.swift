/// One problem found in a fixtures folder, with where it is and what would
/// fix it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var fix: String?
    /// Said, but not in the way: the folder is served (`Manifest.warnings`).
    public var isWarning: Bool

    public init(file: String, line: Int, column: Int, message: String, fix: String? = nil, isWarning: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.fix = fix
        self.isWarning = isWarning
    }

    /// `fixtures/switchboard.yml:12:7: unknown key 'stauts' — did you mean 'status'?`;
    /// a problem with the folder itself has no position (line 0); a
    /// warning's message starts `warning: `.
    public var description: String {
        let message = self.isWarning ? "warning: " + self.message : self.message
        var text =
            self.line > 0 ? "\(self.file):\(self.line):\(self.column): \(message)" : "\(self.file): \(message)"
        if let fix = self.fix { text += " — \(fix)" }
        return text
    }
}

/// Everything wrong with a fixtures folder, reported at once.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// The files the broken manifest names (a missing one among them), so
    /// that creating or fixing one reloads.
    public var reads = FixtureReads()
    /// A file could not be read for a reason that may pass (too many open
    /// files, a file replaced mid-save): reading again may succeed.
    public var unreadable = false

    public init(diagnostics: [Diagnostic], reads: FixtureReads = FixtureReads(), unreadable: Bool = false) {
        self.diagnostics = diagnostics
        self.reads = reads
        self.unreadable = unreadable
    }

    public var description: String {
        self.diagnostics.map(\.description).joined(separator: "\n")
    }
}
