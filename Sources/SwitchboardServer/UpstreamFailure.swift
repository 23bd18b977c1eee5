import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why a live request got no answer from the upstream, as the client reads
/// it (502, or 504 for a timeout) and as the log line says it.
struct UpstreamFailure: Error, Equatable {
    var status: HTTPResponseStatus
    /// `connection refused`, `name not found`, …
    var words: String

    /// What the client gets: `{"error":"upstream …","upstream":"…"}`.
    func body(upstream: UpstreamURL?) -> ByteBuffer {
        var json = #"{"error":"# + JSONText.quoted("upstream: " + self.words)
        if let upstream { json += #","upstream":"# + JSONText.quoted(upstream.description) }
        return ByteBuffer(string: json + "}")
    }

    static let switchedProtocols = UpstreamFailure(
        status: .badGateway, words: "upstream switched protocols, which a proxy here cannot follow")

    static let noUpstream = UpstreamFailure(
        status: .badGateway, words: "no upstream set (add 'upstream:' to the manifest or pass --upstream)")

    init(status: HTTPResponseStatus, words: String) {
        self.status = status
        self.words = words
    }

    /// Sorts what AsyncHTTPClient (and NIO, and the TLS layer under it)
    /// reports into the few causes a person acts on.
    init(_ error: any Error) {
        if let failure = error as? UpstreamFailure {
            self = failure
            return
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout, .tlsHandshakeTimeout:
                self.init(status: .gatewayTimeout, words: "timed out connecting")
            case .readTimeout, .deadlineExceeded, .writeTimeout:
                self.init(status: .gatewayTimeout, words: "timed out waiting for the answer")
            case .remoteConnectionClosed:
                self.init(status: .badGateway, words: "connection reset")
            default:
                self.init(status: .badGateway, words: "\(client)")
            }
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
