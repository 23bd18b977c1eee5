public import SwitchboardModel

/// Reason phrases, for HAR files and the details view.
public enum HTTPStatusText {
    static let phrases: [Int: String] = [
        100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently",
        302: "Found", 304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
        401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 413: "Content Too Large", 415: "Unsupported Media Type",
        418: "I'm a teapot", 422: "Unprocessable Content", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 499: "Client Closed Request", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]

    /// `Not Found`; for a fault without a status, what happened instead.
    public static func phrase(_ status: JournalEntry.Status, mode: Mode? = nil) -> String {
        if status == .noStatusLine { return mode.map { "no response (\($0.name))" } ?? "no response" }
        return self.phrases[status.code] ?? ""
    }
}
