import Foundation

/// The body files one recording wrote, so that an exchange that cannot be
/// recorded after all, or a batch whose manifest cannot be written, leaves
/// the folder as it was: a new file is removed (and a folder made for it, if
/// it is empty again), a replaced one comes back from a hard link kept until
/// the batch is done.
final class RecordingWrites {
    private struct Write {
        var path: String
        var backup: String?
        var madeFolders: [String]
    }

    private var writes: [Write] = []

    /// Where `rollBack(to:)` returns to.
    var mark: Int { self.writes.count }

    /// Before `path` is written (created or replaced).
    func willWrite(_ path: String) {
        var madeFolders: [String] = []
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder) {
            madeFolders.append(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        var backup: String?
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            let candidate = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                ".switchboard-undo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
            if link(path, candidate) == 0 { backup = candidate }
        }
        self.writes.append(Write(path: path, backup: backup, madeFolders: madeFolders))
    }

    /// Undoes the writes since `mark`, newest first.
    func rollBack(to mark: Int = 0) {
        for write in self.writes[mark...].reversed() {
            if let backup = write.backup {
                rename(backup, write.path)
            } else {
                unlink(write.path)
            }
            // Nearest first; rmdir leaves a folder that is not empty.
            for folder in write.madeFolders { rmdir(folder) }
        }
        self.writes.removeSubrange(mark...)
    }

    /// The batch is written: the replaced files' old copies go.
    func keep() {
        for write in self.writes { if let backup = write.backup { unlink(backup) } }
        self.writes = []
    }
}
