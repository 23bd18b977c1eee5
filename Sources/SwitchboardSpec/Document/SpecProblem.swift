public import Yams

/// Why a description cannot be served, or what was mended to serve it (a
/// warning, `SpecDocument.warnings`): a sentence and what to do, with the
/// line it is on where that can be found. (The core turns it into a
/// manifest diagnostic naming the file.)
public struct SpecProblem: Error, Sendable {
    /// From 1; 0 when the problem is the document as a whole.
    public var line: Int
    public var column: Int
    public var message: String
    public var fix: String?
    /// The YAML reader's own error, which the core words the way it words a
    /// broken manifest's (one place for YAML messages).
    public var yaml: YamlError?

    public init(line: Int = 0, column: Int = 0, message: String, fix: String? = nil, yaml: YamlError? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.fix = fix
        self.yaml = yaml
    }
}
