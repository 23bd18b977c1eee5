import Foundation

/// A folder of the repository as git has it staged (tracked files, their
/// staged content), copied out to a temporary folder: what tests read,
/// whatever the working tree holds now. Trying the demo (`w` adds endpoints
/// to `fixtures/switchboard.yml` and writes `fixtures/recorded/`, `x` and
/// `e` write scripts and HAR files) then changes nothing the tests see.
/// Outside a git checkout, the folder itself.
public enum TrackedCopy {
    /// Copies `folder` (relative to `root`) into a fresh temporary folder
    /// and returns the copy's path (`…/folder`).
    public static func of(_ folder: String, in root: URL) -> URL {
        let into = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-tracked-\(UUID().uuidString)")
        // `git checkout-index` writes the staged content of the files named,
        // under the prefix, at their paths in the repository.
        let script = #"git -C "$1" ls-files -z -- "$2" | git -C "$1" checkout-index -z --stdin --prefix="$3/""#
        let copied = try? Subprocess.run("sh", ["-c", script, "sh", root.path, folder, into.path])
        let copy = into.appendingPathComponent(folder)
        guard copied?.status == 0, FileManager.default.fileExists(atPath: copy.path) else {
            return root.appendingPathComponent(folder)
        }
        return copy
    }
}
