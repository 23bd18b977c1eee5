import Foundation

/// The folder body files are read from. Every read is checked to stay inside
/// it: no absolute paths, no `..` that climbs out, no symlink that leads out.
struct FixtureFolder {
    let path: String
    /// The folder with symlinks resolved, the prefix every file must share.
    let realPath: String
    /// What the manifest read, for the watcher.
    let log = ReadLog()

    /// Shared by the copies of a `FixtureFolder` one load passes around.
    final class ReadLog {
        var reads = FixtureReads()
        /// The folder's files, listed once per load however many patterns
        /// and missing files ask.
        var listing: [String]?
    }

    init(path: String) {
        self.path = path
        self.realPath = Self.resolve(path) ?? Self.normalize(path)
    }

    struct Problem: Error {
        var message: String
        var fix: String?
    }

    /// Reads one file named relative to the folder.
    func read(_ relative: String) -> Result<[UInt8], Problem> {
        self.log.reads.files.insert(relative)
        if relative.hasPrefix("/") || relative.hasPrefix("~") {
            return .failure(
                Problem(
                    message: "file '\(relative)' is an absolute path",
                    fix: "name body files relative to the fixtures folder, e.g. 'users.json'"))
        }
        let standardized = Self.normalize(self.realPath + "/" + relative)
        guard self.isInside(standardized) else {
            return .failure(
                Problem(
                    message: "file '\(relative)' is outside the fixtures folder",
                    fix: "body files must live inside the fixtures folder; copy it in"))
        }
        guard let real = Self.resolve(standardized) else {
            var fix = "create it, or fix the name"
            if let suggestion = self.closestFile(to: relative) { fix = "did you mean '\(suggestion)'?" }
            return .failure(Problem(message: "file '\(relative)' does not exist", fix: fix))
        }
        guard self.isInside(real) else {
            return .failure(
                Problem(
                    message: "file '\(relative)' is a link that leads outside the fixtures folder",
                    fix: "replace the link with a copy of the file"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(Problem(message: "file '\(relative)' is a folder", fix: "name a file inside it"))
        }
        guard let data = FileManager.default.contents(atPath: real) else {
            return .failure(Problem(message: "file '\(relative)' cannot be read", fix: "check its permissions"))
        }
        return .success([UInt8](data))
    }

    /// Reads every file whose path relative to the folder fits `pattern`
    /// (each placeholder standing for one non-empty path segment part).
    func readAll(matching pattern: TextTemplate) -> Result<[(String, [UInt8])], Problem> {
        let text = pattern.text
        self.log.reads.patterns.insert(pattern)
        if text.hasPrefix("/") || text.hasPrefix("~") {
            return .failure(
                Problem(
                    message: "file '\(text)' is an absolute path",
                    fix: "name body files relative to the fixtures folder"))
        }
        if text.split(separator: "/").contains("..") {
            return .failure(
                Problem(
                    message: "file '\(text)' is outside the fixtures folder",
                    fix: "body files must live inside the fixtures folder"))
        }
        var matches: [(String, [UInt8])] = []
        for relative in self.allFiles() where Self.fits(relative, pattern) {
            if case .success(let bytes) = self.read(relative) { matches.append((relative, bytes)) }
        }
        guard !matches.isEmpty else {
            return .failure(
                Problem(
                    message: "no file in the fixtures folder fits '\(text)'",
                    fix:
                        "add one, e.g. '\(pattern.render(Dictionary(uniqueKeysWithValues: pattern.parameterNames.map { ($0, "1") })).string)'"
                ))
        }
        return .success(matches.sorted { $0.0 < $1.0 })
    }

    /// Turns bytes into a body: a template when a text file names parameters.
    func body(_ bytes: [UInt8], relativePath: String, names: Set<String>, explicitType: Bool) -> FixtureBody {
        let type = ContentTypes.forPath(relativePath)
        var content = BodyContent.bytes(bytes)
        if ContentTypes.isText(type), !names.isEmpty {
            let template = TextTemplate(bytes: bytes, names: names)
            if template.hasParameters { content = .template(template) }
        }
        return FixtureBody(contentType: explicitType ? nil : type, content: content)
    }

    /// `{name}` placeholders in a file name.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            names.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// Resolves `.` and `..` by the letters of the path alone; symlinks are
    /// checked separately with realpath.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    private func isInside(_ candidate: String) -> Bool {
        candidate.hasPrefix(self.realPath + "/")
    }

    private func allFiles() -> [String] {
        if let listing = self.log.listing { return listing }
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: self.realPath)
        while let next = enumerator?.nextObject() as? String, files.count <= 100_000 {
            files.append(next)
        }
        self.log.listing = files
        return files
    }

    private func closestFile(to relative: String) -> String? {
        EditDistance.suggestion(for: relative, among: self.allFiles().filter { !$0.hasPrefix(".") })
    }

    /// Matches a relative path against a pattern; a placeholder takes one
    /// or more characters, never a '/'.
    static func fits(_ path: String, _ pattern: TextTemplate) -> Bool {
        fits(Array(path.utf8)[...], pattern.parts[...])
    }

    private static func fits(_ path: ArraySlice<UInt8>, _ parts: ArraySlice<TextTemplate.Part>) -> Bool {
        guard let first = parts.first else { return path.isEmpty }
        switch first {
        case .literal(let bytes):
            guard path.starts(with: bytes) else { return false }
            return fits(path.dropFirst(bytes.count), parts.dropFirst())
        case .parameter:
            var length = 1
            while length <= path.count {
                let taken = path.prefix(length)
                if taken.contains(UInt8(ascii: "/")) { return false }
                if fits(path.dropFirst(length), parts.dropFirst()) { return true }
                length += 1
            }
            return false
        }
    }

    private static func resolve(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

extension [UInt8] {
    var string: String { String(decoding: self, as: UTF8.self) }
}
