import NIOCore
public import NIOHTTP1
import NIOPosix
import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why a live request got no answer from the upstream, as the client reads
/// it (502, or 504 for a timeout) and as the log line says it.
public struct UpstreamFailure: Error, Equatable, Sendable {
    public var status: HTTPResponseStatus
    /// `connection refused`, `name not found`, …
    public var words: String

    /// What the client gets: `{"error":"upstream_failed","message":"upstream: …","upstream":"…"}`
    /// (`upstream_timed_out` for a 504).
    func body(upstream: UpstreamURL?) -> ByteBuffer {
        ErrorBody.buffer(
            self.status == .gatewayTimeout ? .upstreamTimedOut : .upstreamFailed, "upstream: " + self.words,
            upstream.map { [.text("upstream", $0.description)] } ?? [])
    }

    static let switchedProtocols = UpstreamFailure(
        status: .badGateway, words: "upstream switched protocols, which a proxy here cannot follow")

    static let noUpstream = UpstreamFailure(
        status: .badGateway, words: "no upstream set (add 'upstream:' to the manifest or pass --upstream)")

    static let stopping = UpstreamFailure(status: .badGateway, words: "the server is stopping")

    static let notLinked = UpstreamFailure(
        status: .badGateway,
        words: "this program has no upstream client (in a test target, add the SwitchboardLive product)")

    public init(status: HTTPResponseStatus, words: String) {
        self.status = status
        self.words = words
    }

    /// Sorts what NIO and the TLS layer report into the few causes a person
    /// acts on; a transport sorts its own errors first.
    public init(_ error: any Error) {
        if let failure = error as? UpstreamFailure {
            self = failure
            return
        }
        if let connection = error as? NIOConnectionError {
            if connection.connectionErrors.isEmpty {
                self.init(status: .badGateway, words: "name not found (\(connection.host))")
            } else if let first = connection.connectionErrors.first {
                self.init(first.error)
            } else {
                self.init(status: .badGateway, words: "could not connect")
            }
            return
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: self.init(status: .badGateway, words: "connection refused")
            case ECONNRESET, EPIPE: self.init(status: .badGateway, words: "connection reset")
            case ETIMEDOUT: self.init(status: .gatewayTimeout, words: "timed out connecting")
            case EHOSTUNREACH, ENETUNREACH: self.init(status: .badGateway, words: "host unreachable")
            default: self.init(status: .badGateway, words: String(cString: strerror(io.errnoCode)))
            }
            return
        }
        if let parser = error as? HTTPParserError {
            self = .malformed(parser)
            return
        }
        if error is SocketAddressError {
            self.init(status: .badGateway, words: "name not found")
            return
        }
        // NIOSSL's errors, named without importing it: a handshake that
        // failed is nearly always a certificate the system does not trust.
        let type = String(reflecting: Swift.type(of: error))
        if type.contains("SSL") || type.contains("TLS") {
            let text = "\(error)"
            let words =
                text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate")
                ? "TLS certificate not trusted" : "TLS handshake failed"
            self.init(status: .badGateway, words: words)
            return
        }
        self.init(status: .badGateway, words: "\(error)")
    }
}
