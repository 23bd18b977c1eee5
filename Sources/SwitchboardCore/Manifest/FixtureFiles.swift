import Foundation

/// How a load sees the fixtures folder: what is there, where links lead,
/// and each file's bytes. On disk, as `serve` does; in memory, as tests set
/// up a manifest and its files without writing a folder (`memory`); or a
/// stand-in that fails on cue (too many open files, a file being replaced)
/// without exhausting this process's descriptors.
public struct FixtureFiles: Sendable {
    /// What a path names.
    public enum Kind: Equatable, Sendable {
        case missing
        case folder
        case file(size: Int)
    }

    public var read: @Sendable (_ path: String) -> Result<[UInt8], ReadFailure>
    public var kind: @Sendable (_ path: String) -> Kind
    /// The path with every link resolved (`realpath`), or `nil` when
    /// nothing is there.
    public var resolve: @Sendable (_ path: String) -> String?
    /// Every file and folder below `folder`, as paths relative to it.
    public var list: @Sendable (_ folder: String) -> [String]
    /// Why a file that is there cannot be read, if it cannot (`access`).
    public var unreadable: @Sendable (_ path: String) -> ReadFailure?

    public init(
        read: @escaping @Sendable (_ path: String) -> Result<[UInt8], ReadFailure>,
        kind: @escaping @Sendable (_ path: String) -> Kind = Self.diskKind,
        resolve: @escaping @Sendable (_ path: String) -> String? = Self.diskResolve,
        list: @escaping @Sendable (_ folder: String) -> [String] = Self.diskList,
        unreadable: @escaping @Sendable (_ path: String) -> ReadFailure? = Self.diskUnreadable
    ) {
        self.read = read
        self.kind = kind
        self.resolve = resolve
        self.list = list
        self.unreadable = unreadable
    }

    public static let disk = FixtureFiles { path in
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(code: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(code: errno))
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    public static let diskKind: @Sendable (String) -> Kind = { path in
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file(size: Int(info.st_size))
    }

    public static let diskResolve: @Sendable (String) -> String? = { path in
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// At most 100,001 entries: a listing is for suggestions and patterns,
    /// and a folder of millions must not stall a load.
    public static let diskList: @Sendable (String) -> [String] = { folder in
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let next = enumerator?.nextObject() as? String, found.count <= 100_000 { found.append(next) }
        return found
    }

    public static let diskUnreadable: @Sendable (String) -> ReadFailure? = { path in
        access(path, R_OK) == 0 ? nil : ReadFailure(code: errno)
    }

    /// A folder at `root` holding `files` (paths relative to it, `a/b.json`)
    /// and nothing else: no links, every file readable.
    public static func memory(_ files: [String: [UInt8]], at root: String) -> FixtureFiles {
        let root = root.hasSuffix("/") ? String(root.dropLast()) : root
        var folders: Set<String> = [root]
        var held: [String: [UInt8]] = [:]
        for (relative, bytes) in files {
            let parts = relative.split(separator: "/")
            for end in parts.indices.dropLast() { folders.insert(root + "/" + parts[...end].joined(separator: "/")) }
            held[root + "/" + parts.joined(separator: "/")] = bytes
        }
        let listing = Set(folders.filter { $0 != root }).union(held.keys)
        return Self.memory(held: held, folders: folders, listing: listing)
    }

    private static func memory(held: [String: [UInt8]], folders: Set<String>, listing: Set<String>) -> FixtureFiles {
        FixtureFiles(
            read: { path in held[path].map { .success($0) } ?? .failure(ReadFailure(code: ENOENT)) },
            kind: { path in
                if let bytes = held[path] { return .file(size: bytes.count) }
                return folders.contains(path) ? .folder : .missing
            },
            resolve: { path in held[path] != nil || folders.contains(path) ? path : nil },
            list: { folder in
                listing.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }.sorted()
            },
            unreadable: { _ in nil })
    }
}

/// Why a file could not be read: the system's own reason, which may pass
/// (too many open files, a file replaced mid-save) or not (permissions).
public struct ReadFailure: Error, Sendable, Equatable {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// Not the system's: what was opened is not a plain file (a FIFO, a
    /// device, a folder put where the file was).
    public static let notAFile = ReadFailure(code: -1)

    /// `too many open files`: strerror, as a clause of a sentence.
    public var reason: String {
        switch self.code {
        case ELOOP: return "a link stands in its path now, and a body file is never read through a link"
        case Self.notAFile.code: return "it is no longer a plain file"
        default:
            let text = String(cString: strerror(self.code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// What the user can do about it.
    public var fix: String {
        switch self.code {
        case EACCES, EPERM: "check its permissions"
        case EMFILE, ENFILE: "close some files or raise the limit (ulimit -n); a reload retries on its own"
        case ELOOP, Self.notAFile.code: "put the file itself back (copy it in rather than link it)"
        default: "a reload retries on its own until it can read it"
        }
    }
}

#if canImport(Glibc)
    import Glibc
    /// `read(2)`: the name is taken by the closure property inside `FixtureFiles`.
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif
