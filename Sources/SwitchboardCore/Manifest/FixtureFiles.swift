import Foundation

/// How a load reads the manifest and its body files: from disk, or in tests
/// from a stand-in that fails on cue (too many open files, a file being
/// replaced) without exhausting this process's descriptors.
public struct FixtureFiles: Sendable {
    public var read: @Sendable (_ path: String) -> Result<[UInt8], ReadFailure>

    public init(read: @escaping @Sendable (_ path: String) -> Result<[UInt8], ReadFailure>) {
        self.read = read
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
}

/// Why a file could not be read: the system's own reason, which may pass
/// (too many open files, a file replaced mid-save) or not (permissions).
public struct ReadFailure: Error, Sendable, Equatable {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// `too many open files`: strerror, as a clause of a sentence.
    public var reason: String {
        let text = String(cString: strerror(self.code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// What the user can do about it.
    public var fix: String {
        switch self.code {
        case EACCES, EPERM: "check its permissions"
        case EMFILE, ENFILE: "close some files or raise the limit (ulimit -n); a reload retries on its own"
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
