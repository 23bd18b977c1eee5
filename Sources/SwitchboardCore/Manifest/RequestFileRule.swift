import Foundation

/// Which files of the fixtures folder a name made from a request may pick:
/// the file `{*}` or `{name}` serves, and the file recording writes. The
/// folder also holds the project's own files, and a request (from anything
/// that can reach the fake API, a web page included) must never read or
/// replace them: the manifest in any spelling (a second manifest, or one
/// a case-insensitive disk takes for it, loads and takes the server over),
/// hidden files and folders (`.env`, `.git/…`), and anything outside.
enum RequestFileRule {
    /// True when `relative`, a path relative to the fixtures folder, names
    /// a file a request may be answered from or recorded into.
    static func allows(_ relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.hasPrefix("~") else { return false }
        for segment in relative.split(separator: "/", omittingEmptySubsequences: false) {
            // Empty (`a//b`), `.`, `..` and every hidden name start or are nothing.
            guard let first = segment.first, first != "." else { return false }
            if Self.isManifestName(segment) { return false }
        }
        return true
    }

    /// `Switchboard.YML`, `switchboard.yml.`, `switchboard.yaml ` and the
    /// like: names a case-insensitive disk (APFS, HFS+, NTFS) or a trailing
    /// dot or space could make the manifest, or a second one beside it.
    /// Folding through upper case maps look-alikes such as `ſ` (long s) too.
    static func isManifestName(_ segment: Substring) -> Bool {
        var name = Substring(segment.uppercased().lowercased())
        while let last = name.last, last == "." || last == " " { name = name.dropLast() }
        return ManifestLoader.manifestNames.contains(String(name))
    }

    /// Why a file cannot be written at `relative` inside `directory` (a
    /// clause: "cannot write x: <reason>"), or nil when it can. Looks at what is on disk *before* anything is
    /// written: every link on the way is followed (the real path of the
    /// deepest part that exists), so a `recorded/` that is a link out of the
    /// folder is refused, not written through; and a file that already is
    /// the manifest under another name (a hard link, a case variant) is
    /// refused by its identity, whatever the name.
    static func whyNotWritable(_ relative: String, in directory: String) -> String? {
        guard Self.allows(relative) else {
            return "it would be the manifest, a hidden file or outside the fixtures folder"
        }
        guard let folder = Self.realPathOfDeepestExisting(directory) else {
            return "the fixtures folder is a link that leads nowhere"
        }
        let target = (directory as NSString).appendingPathComponent(relative)
        guard let real = Self.realPathOfDeepestExisting(target) else {
            return "a link on the way leads nowhere"
        }
        guard real.hasPrefix(folder + "/") else {
            return "a link on the way leads outside the fixtures folder"
        }
        var info = stat()
        if lstat(target, &info) == 0 {
            var manifest = stat()
            for name in ManifestLoader.manifestNames
            where stat((directory as NSString).appendingPathComponent(name), &manifest) == 0
                && manifest.st_dev == info.st_dev && manifest.st_ino == info.st_ino
            {
                return "it is the manifest under another name"
            }
            if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder" }
        }
        return nil
    }

    /// The real path of `path` when it exists, else of its deepest existing
    /// ancestor with the rest of `path` appended; nil when a part exists
    /// only as a link that leads nowhere (writing there would follow it).
    static func realPathOfDeepestExisting(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = FixtureFolder.normalize(absolute)
        var rest: [String] = []
        var info = stat()
        while existing != "/", lstat(existing, &info) != 0 {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard let real = FixtureFiles.diskResolve(existing) else { return nil }
        return rest.isEmpty ? real : FixtureFolder.normalize(real + "/" + rest.joined(separator: "/"))
    }
}
