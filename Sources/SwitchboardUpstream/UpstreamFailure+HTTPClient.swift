import AsyncHTTPClient
import NIOSSL
public import SwitchboardServer

extension UpstreamFailure {
    /// AsyncHTTPClient's own errors and the TLS layer's first; the rest
    /// (NIO's) as the server sorts them. `host`: the upstream's, as asked.
    public init(classifying error: any Error, host: String) {
        if let tls = error as? NIOSSLExtraError, tls == .failedToValidateHostname {
            self.init(status: .badGateway, words: "TLS certificate is for another host name (not \(host))")
            return
        }
        guard let client = error as? HTTPClientError else {
            self.init(error)
            return
        }
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
    }

    /// Whether the TLS layer refused the upstream's certificate chain (and
    /// said no more: see `CertificateDiagnosis`).
    static func refusesChain(_ error: any Error) -> Bool {
        guard let tls = error as? NIOSSLError, case .handshakeFailed(.sslError(let stack)) = tls else { return false }
        return stack.contains { "\($0)".contains("CERTIFICATE_VERIFY_FAILED") }
    }
}
