import Foundation
public import Testing

/// Python tools from PyPI that some tests hand their output to
/// (`openapi-spec-validator`, which brings `jsonschema`, and
/// `schemathesis`): `.ci/run` installs them, so under CI a missing one
/// fails; locally the test skips.
public enum PythonCheck {
    public static func has(_ tool: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || (try? Subprocess.resolve(tool)) != nil
    }

    public static func skipReason(_ tool: String) -> Comment {
        "needs \(tool) (pip install \(tool)); under CI it is required"
    }

    /// Runs `script` with `arguments`, in a folder of its own.
    public static func run(_ script: String, _ arguments: [String]) async throws -> CommandResult {
        let folder = try ScratchFolder("python-check")
        defer { folder.remove() }
        try script.write(toFile: folder.path("check.py"), atomically: true, encoding: .utf8)
        return try await Subprocess.run("python3", [folder.path("check.py")] + arguments)
    }
}
