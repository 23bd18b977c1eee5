import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// What `x` does: writes the request as a `curl` command to
/// `switchboard-request-N.sh` (and a binary or long body beside it), never
/// over an existing file, readable by the user only: the script keeps the
/// credentials the client sent, as it is the user's own request on their
/// own machine, and a script with `MASKED` in it would not replay. The
/// clipboard gets the same command with credentials (`CredentialNames`:
/// headers and query parameters) masked, because a clipboard leaves the
/// process (terminals and clipboard managers keep and sync it).
struct CurlExport {
    /// Where the files go; `nil` is the working folder.
    var folder: String?
    var serverURL: String

    struct Written: Equatable {
        /// The script's path, as the notice names it.
        var path: String
        /// The command for the clipboard.
        var clipboard: String
        var masked: Bool
    }

    func write(_ copy: RequestCopy) -> Result<Written, CurlExportError> {
        let full = CurlCommand(copy, serverURL: self.serverURL)
        var bodyPath: String?
        if full.needsBodyFile {
            guard let path = self.create("switchboard-request-\(copy.sequence)", ext: "body", contents: copy.body)
            else { return .failure(CurlExportError(description: self.failure("body"))) }
            bodyPath = self.absolute(path)
        }
        let script =
            "#!/bin/sh\n# Request #\(copy.sequence) as Switchboard received it.\n"
            + full.text(bodyFile: bodyPath) + "\n"
        guard let path = self.create("switchboard-request-\(copy.sequence)", ext: "sh", contents: Array(script.utf8))
        else { return .failure(CurlExportError(description: self.failure("script"))) }
        let masked = CurlCommand(copy, serverURL: self.serverURL, masksCredentials: true)
        return .success(
            Written(path: path, clipboard: masked.text(bodyFile: bodyPath), masked: masked.masksSomething))
    }

    /// Creates `name.ext` (or `name-2.ext`, …) with mode 0600, never
    /// replacing a file; the path, or nil.
    private func create(_ name: String, ext: String, contents: [UInt8]) -> String? {
        for attempt in 1...100 {
            let file = attempt == 1 ? "\(name).\(ext)" : "\(name)-\(attempt).\(ext)"
            let path = self.folder.map { $0 + "/" + file } ?? "./" + file
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                return nil
            }
            defer { close(descriptor) }
            var offset = 0
            while offset < contents.count {
                let written = contents[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written <= 0 {
                    unlink(path)
                    return nil
                }
                offset += written
            }
            return path
        }
        return nil
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    private func failure(_ what: String) -> String {
        "could not write the curl \(what) in \(self.folder ?? "the working folder"): \(String(cString: strerror(errno)))"
    }
}

struct CurlExportError: Error, Equatable {
    var description: String
}
