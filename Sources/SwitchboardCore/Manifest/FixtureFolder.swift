import Foundation

/// The folder body files are read from. Every read is checked to stay inside
/// it: no absolute paths, no `..` that climbs out, no symlink that leads out.
///
/// Small files are held in memory, ready to send; a file over
/// `heldFileLimit`, or any file once a load holds `heldBytesBudget`, stays on
/// disk and is read for each request that asks for it. So memory at rest
/// does not grow with the folder, however many or large its files are.
struct FixtureFolder {
    /// Files up to 256 KiB are held in memory...
    static let heldFileLimit = 256 * 1024
    /// ...until the bodies held by one load reach 32 MiB.
    static let heldBytesBudget = 32 * 1024 * 1024

    let path: String
    /// The folder with symlinks resolved, the prefix every file must share.
    let realPath: String
    let files: FixtureFiles
    /// What the manifest read, for the watcher.
    let log = ReadLog()

    /// Shared by the copies of a `FixtureFolder` one load passes around.
    final class ReadLog {
        var reads = FixtureReads()
        /// The folder's files, listed once per load however many patterns
        /// and missing files ask.
        var listing: [String]?
        /// A file could not be read for a reason that may pass.
        var unreadable = false
        /// Bytes of file bodies held in memory so far.
        var heldBytes = 0
    }

    /// A file's body: its bytes, or where to read them for each request.
    enum Contents {
        case bytes([UInt8])
        case onDisk(path: String, size: Int)
    }

    init(path: String, files: FixtureFiles = .disk) {
        self.path = path
        self.realPath = files.resolve(path) ?? Self.normalize(path)
        self.files = files
    }

    struct Problem: Error {
        var message: String
        var fix: String?
    }

    /// Reads one file named relative to the folder (or, when large, checks
    /// that it can be read and leaves it on disk).
    func read(_ relative: String) -> Result<Contents, Problem> {
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
        guard let real = self.files.resolve(standardized) else {
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
        let size: Int
        switch self.files.kind(real) {
        case .folder: return .failure(Problem(message: "file '\(relative)' is a folder", fix: "name a file inside it"))
        case .missing: size = 0
        case .file(let bytes): size = bytes
        }
        if size > Self.heldFileLimit || self.log.heldBytes + size > Self.heldBytesBudget {
            if let failure = self.files.unreadable(real) { return .failure(self.unreadable(relative, failure)) }
            return .success(.onDisk(path: real, size: size))
        }
        switch self.files.read(real) {
        case .success(let bytes):
            self.log.heldBytes += bytes.count
            return .success(.bytes(bytes))
        case .failure(let failure):
            return .failure(self.unreadable(relative, failure))
        }
    }

    private func unreadable(_ relative: String, _ failure: ReadFailure) -> Problem {
        self.log.unreadable = true
        return Problem(message: "file '\(relative)' cannot be read: \(failure.reason)", fix: failure.fix)
    }

    /// Reads every file whose path relative to the folder fits `pattern`
    /// (each placeholder standing for one non-empty path segment part).
    func readAll(matching pattern: TextTemplate) -> Result<[(String, Contents)], Problem> {
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
        var matches: [(String, Contents)] = []
        for relative in self.allFiles() where Self.fits(relative, pattern) {
            switch self.read(relative) {
            case .success(let contents): matches.append((relative, contents))
            case .failure(let problem): return .failure(problem)
            }
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

    /// Turns a file into a body: a template when a text file held in memory
    /// names parameters (a file left on disk is sent as it is).
    func body(_ contents: Contents, relativePath: String, names: Set<String>, explicitType: Bool) -> FixtureBody {
        let type = ContentTypes.forPath(relativePath)
        let bytes: [UInt8]
        switch contents {
        case .bytes(let held): bytes = held
        case .onDisk(let path, let size):
            return FixtureBody(contentType: explicitType ? nil : type, content: .file(path: path, size: size))
        }
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
        let files = self.files.list(self.realPath)
        self.log.listing = files
        return files
    }

    private func closestFile(to relative: String) -> String? {
        EditDistance.suggestion(for: relative, among: self.allFiles().filter { !$0.hasPrefix(".") })
    }

    /// Matches a relative path against a pattern (`TextTemplate.values(in:)`).
    /// A wildcard never serves the manifest itself (`/files/switchboard.yml`
    /// for `file: "{*}"`) nor a hidden file (`.git/config`, `.env`): they
    /// are the project's, not the API's (`RequestFileRule`, which recording
    /// follows too).
    static func fits(_ path: String, _ pattern: TextTemplate) -> Bool {
        RequestFileRule.allows(path) && pattern.values(in: path) != nil
    }
}

extension [UInt8] {
    var string: String { String(decoding: self, as: UTF8.self) }
}
