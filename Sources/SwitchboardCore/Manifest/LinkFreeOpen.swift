import Foundation

/// Opens a body file without following a link anywhere on its path.
///
/// A load checks each body file once (`FixtureFolder.read`): a link may
/// lead only inside the fixtures folder, and the path kept is the one it
/// leads to, with every link resolved. Between that check and a read, any
/// part of the path can be swapped for a link (a large file replaced by a
/// link to `/etc/passwd`, while the reload that sees it refuses the folder
/// and the last good fixtures keep their paths). So a file is opened one
/// component at a time from the root, each with `O_NOFOLLOW`, and what is
/// opened must be a plain file: a request only ever gets a file that was
/// there and inside, at the moment it is read, not only when it was checked.
public enum LinkFreeOpen {
    /// A descriptor for the plain file at `path` (which the caller closes),
    /// or why there is none: a link on the way (`ELOOP`), something that is
    /// not a plain file (`ReadFailure.notAFile`), or the system's reason.
    public static func plainFile(_ path: String) -> Result<Int32, ReadFailure> {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let name = parts.popLast() else { return .failure(ReadFailure(code: EISDIR)) }
        var folder = path.hasPrefix("/") ? open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : AT_FDCWD
        guard folder != -1 else { return .failure(ReadFailure(code: errno)) }
        defer { if folder != AT_FDCWD { close(folder) } }
        for part in parts {
            let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return .failure(Self.failure(errno, at: part, in: folder)) }
            if folder != AT_FDCWD { close(folder) }
            folder = next
        }
        // Non-blocking, so that a FIFO put in its place cannot hold the
        // thread in open(2) until a writer comes.
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return .failure(Self.failure(errno, at: name, in: folder)) }
        var info = stat()
        guard fstat(file, &info) == 0 else {
            let code = errno
            close(file)
            return .failure(ReadFailure(code: code))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(file)
            return .failure(.notAFile)
        }
        return .success(file)
    }

    /// A folder refused for being a link reads as one (`ELOOP`), whichever
    /// error the system gave (Linux says `ENOTDIR` for a link to a file).
    private static func failure(_ code: Int32, at part: String, in folder: Int32) -> ReadFailure {
        var info = stat()
        if fstatat(folder, part, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            return ReadFailure(code: ELOOP)
        }
        return ReadFailure(code: code)
    }
}
