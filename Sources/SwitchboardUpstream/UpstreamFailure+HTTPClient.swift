import AsyncHTTPClient
import SwitchboardServer

extension UpstreamFailure {
    /// AsyncHTTPClient's own errors first; the rest (NIO's, the TLS
    /// layer's) as the server sorts them.
    init(classifying error: any Error) {
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
}
