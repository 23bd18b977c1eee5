import NIOHTTP1

/// What a parser error means for the client: a status and a short reason.
enum ParserErrors {
    static func describe(_ error: HTTPParserError) -> (HTTPResponseStatus, String) {
        switch error {
        case .headerOverflow: (.requestHeaderFieldsTooLarge, "request headers too large")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment: (.badRequest, "malformed request target")
        case .invalidMethod: (.badRequest, "malformed method")
        case .invalidVersion: (.badRequest, "malformed HTTP version")
        case .invalidHeaderToken, .invalidCharactersUsed: (.badRequest, "malformed header")
        case .invalidContentLength, .unexpectedContentLength, .invalidChunkSize: (.badRequest, "malformed body length")
        default: (.badRequest, "malformed request")
        }
    }
}
