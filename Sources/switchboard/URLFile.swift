import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `--url-file`: where a script that started the server on port 0 learns
/// its URL. The file appears whole (written beside, then renamed) only once
/// the port is bound, so a script can wait for it to exist and then use it;
/// it is removed on exit so a stale one never points at a dead server.
struct URLFile {
    let path: String

    struct Failure: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "could not write --url-file \(self.path): \(String(cString: strerror(self.code)))" }
    }

    func publish(_ url: String) throws {
        let partial = "\(self.path).\(getpid()).partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: self.path, code: errno) }
        let bytes = Array((url + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let writeError = errno
        close(descriptor)
        guard written == bytes.count else {
            unlink(partial)
            throw Failure(path: self.path, code: writeError)
        }
        guard rename(partial, self.path) == 0 else {
            let code = errno
            unlink(partial)
            throw Failure(path: self.path, code: code)
        }
    }

    func remove() {
        unlink(self.path)
    }
}
