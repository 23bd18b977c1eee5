import SwitchboardCore

/// Loads a manifest written for a test and returns its problems as
/// `line:column: message — fix`, or nothing when it loads.
public func manifestProblems(_ manifest: String, files: [String: String] = [:]) throws -> [String] {
    let fixtures = MemoryFixtures(manifest, textFiles: files)
    do {
        _ = try fixtures.load()
        return []
    } catch {
        return error.diagnostics.map { "\($0.line):\($0.column): \($0.message)" + ($0.fix.map { " — \($0)" } ?? "") }
    }
}
