public import NIOHTTP1

extension UpstreamFailure {
    /// An answer the HTTP parser could not read, in words: the parser's own
    /// names for its errors (`invalid constant string`, `unknown
    /// (http_parser error)`) tell a person nothing about the upstream.
    public static func malformed(_ error: HTTPParserError) -> UpstreamFailure {
        let what: String =
            switch error {
            case .invalidConstant, .invalidVersion, .invalidStatus:
                "it does not start with an HTTP/1 status line (is it an HTTP server, and is the scheme right?)"
            case .headerOverflow: "its headers are too large"
            case .invalidHeaderToken, .invalidCharactersUsed, .lfExpected: "a header is malformed"
            case .invalidContentLength, .unexpectedContentLength: "its Content-Length is malformed"
            case .invalidChunkSize: "a chunk of its body is malformed"
            case .invalidEOFState, .closedConnection: "it closed the connection before the answer's end"
            case .trailingGarbage: "bytes follow the end of the answer"
            default: "it is not HTTP/1 the parser can read"
            }
        return UpstreamFailure(status: .badGateway, words: "malformed HTTP answer: " + what)
    }
}
