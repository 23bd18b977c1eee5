/// A request as a `curl` command a shell runs as it is: every argument in
/// single quotes, the body inline when it is short text, else read from a
/// file beside the script.
public struct CurlCommand: Sendable, Equatable {
    /// Bodies longer than this go to a file even when they are text: a
    /// command line that long is no longer readable.
    public static let inlineBodyLimit = 4 * 1024

    public var request: RequestCopy
    /// `http://127.0.0.1:8080`
    public var serverURL: String
    /// Whether credentials — the headers and query parameters
    /// `CredentialNames` lists — read `MASKED` (for the clipboard).
    public var masksCredentials = false

    public init(_ request: RequestCopy, serverURL: String, masksCredentials: Bool = false) {
        self.request = request
        self.serverURL = serverURL
        self.masksCredentials = masksCredentials
    }

    /// Whether the body must come from a file: binary, or long.
    public var needsBodyFile: Bool {
        guard !self.request.body.isEmpty else { return false }
        if self.request.body.count > Self.inlineBodyLimit { return true }
        guard let text = UTF8Text.decode(self.request.body) else { return true }
        return text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }
            || text.unicodeScalars.contains { $0.value == 0x7F }
    }

    /// Whether any header's or query parameter's value was masked.
    public var masksSomething: Bool {
        guard self.masksCredentials else { return false }
        return self.request.headers.contains { CredentialNames.isHeader($0.name) } || self.maskedTarget != nil
    }

    private var maskedTarget: String? {
        self.masksCredentials ? CredentialNames.maskingQuery(in: self.request.target) { _ in "MASKED" } : nil
    }

    /// The command, one argument group per line; `bodyFile` is where the
    /// body is when `needsBodyFile`.
    public func text(bodyFile: String?) -> String {
        var arguments: [String] = ["curl", "-sS", "-i"]
        // curl reads `[1-3]` and `{a,b}` in a URL as globs, which would send
        // other requests than the one copied.
        if self.request.target.contains(where: { "[]{}".contains($0) }) { arguments.append("-g") }
        let method = self.request.method
        let hasBody = !self.request.body.isEmpty
        if method == "HEAD" {
            arguments.append("--head")
        } else if !(method == "GET" && !hasBody) && !(method == "POST" && hasBody) {
            arguments.append("-X " + Self.quote(method))
        }
        let target = self.maskedTarget ?? self.request.target
        var lines = [arguments.joined(separator: " ") + " " + Self.quote(self.serverURL + target)]
        for header in self.request.headers {
            let value = self.masksCredentials && CredentialNames.isHeader(header.name) ? "MASKED" : header.value
            // `Name;` is curl's way to send a header with an empty value.
            let argument = value.isEmpty ? "\(header.name);" : "\(header.name): \(value)"
            lines.append("-H " + Self.quote(argument))
        }
        if hasBody {
            if self.needsBodyFile {
                lines.append("--data-binary " + Self.quote("@" + (bodyFile ?? "body")))
            } else {
                lines.append("--data-binary " + Self.quote(String(decoding: self.request.body, as: UTF8.self)))
            }
        }
        return lines.joined(separator: " \\\n  ")
    }

    /// `text` in single quotes for a POSIX shell: nothing inside is special
    /// but the quote itself, which closes, is escaped, and reopens.
    public static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
