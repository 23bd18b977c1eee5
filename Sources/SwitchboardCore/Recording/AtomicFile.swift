import Foundation

/// Writes a file whole or not at all: a temporary file beside it, then
/// rename(2), so the fixture watcher (and a server reading a large body from
/// disk) never sees half a file. A replaced file keeps its permissions.
enum AtomicFile {
    struct Failure: Error {
        var path: String
        var reason: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: directory, reason: "cannot create the folder")
        }
        var info = stat()
        let existed = stat(path, &info) == 0
        let mode = existed ? info.st_mode & 0o7777 : 0o644
        // Not named after the file: a name near the file system's limit
        // would leave no room for the temporary one's prefix and suffix.
        let temporary = (directory as NSString).appendingPathComponent(
            ".switchboard-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Self.failure(path) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = Self.failure(path)
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            written += count
        }
        // The umask may have narrowed the mode of the file being replaced.
        if existed { fchmod(descriptor, mode) }
        guard fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, path) == 0 else {
            let failure = Self.failure(path)
            unlink(temporary)
            throw failure
        }
    }

    private static func failure(_ path: String) -> Failure {
        let text = String(cString: strerror(errno))
        return Failure(path: path, reason: text.prefix(1).lowercased() + text.dropFirst())
    }
}

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif
