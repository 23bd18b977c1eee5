/// Content-Type for body files by extension, as a static file server would.
public enum ContentTypes {
    static let byExtension: [String: String] = [
        "json": "application/json",
        "txt": "text/plain; charset=utf-8",
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "xml": "application/xml",
        "csv": "text/csv; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "yml": "application/yaml",
        "yaml": "application/yaml",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "gif": "image/gif",
        "webp": "image/webp",
        "svg": "image/svg+xml",
        "ico": "image/x-icon",
        "pdf": "application/pdf",
        "mp3": "audio/mpeg",
        "mp4": "video/mp4",
        "wasm": "application/wasm",
        "woff2": "font/woff2",
        "zip": "application/zip",
    ]

    public static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else {
            return "application/octet-stream"
        }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Inline `body:` text is served as JSON when it looks like JSON; an
    /// empty body (`body: ""`) has no type, so none is sent: a 204 recorded
    /// or imported as one goes out as it came.
    public static func forInlineText(_ text: String) -> String? {
        if text.isEmpty { return nil }
        let start = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }.first
        return start == "{" || start == "[" ? "application/json" : "text/plain; charset=utf-8"
    }

    public static func isText(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("application/xml")
            || type.hasPrefix("application/yaml") || type.hasPrefix("image/svg")
    }

    public static func isJSON(_ type: String?) -> Bool {
        guard let type else { return false }
        return type.hasPrefix("application/json") || type.contains("+json")
    }
}
