package import Yams

/// Turns Yams' errors into diagnostics with a position and a hint.
package enum YAMLErrorText {
    package static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, let yaml),
            .parser(let context, let problem, let mark, let yaml),
            .composer(let context, let problem, let mark, let yaml):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at \(context.mark.line):\(context.mark.column))" }
            let fix = Self.hasTab(yaml, line: mark.line) ? "indent with spaces, not tabs" : hint(for: problem)
            return Diagnostic(file: file, line: mark.line, column: mark.column, message: message, fix: fix)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return Diagnostic(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "key \(keys) appears more than once in the same mapping",
                fix: "keep one of them"
            )
        case .reader(let problem, _, _, _):
            return Diagnostic(file: file, line: 1, column: 1, message: "cannot read the manifest: \(problem)")
        default:
            return Diagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }

    /// Whether the indentation of line `number` (from 1) has a tab in it:
    /// libyaml's message never says so.
    private static func hasTab(_ yaml: String, line number: Int) -> Bool {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return false }
        return lines[number - 1].prefix { $0 == " " || $0 == "\t" }.contains("\t")
    }

    private static func hint(for problem: String) -> String? {
        if problem.contains("tab") { return "indent with spaces, not tabs" }
        if problem.contains("mapping values are not allowed") {
            return "quote values that contain ': ', or check the indentation above"
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-'") {
            return "check the indentation of this line against the one above"
        }
        if problem.contains("did not find expected") { return "a bracket or quote is not closed" }
        return nil
    }
}
