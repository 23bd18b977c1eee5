import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLError` each network fault gives a `URLSession` client, as
/// measured against the real server (`switchboard serve`, a fresh
/// connection, `URLSession` on Linux, swift-corelibs-foundation on libcurl):
///
/// | mode | code |
/// |---|---|
/// | `reset` | `.networkConnectionLost` (-1005), at once |
/// | `empty` | `.badServerResponse` (-1011), at once |
/// | `garbage` | `.unsupportedURL` (-1002), at once (libcurl refuses an HTTP/0.9 answer) |
/// | `truncated` | `.unknown` (-1), once the half body is in (libcurl's "partial file") |
/// | `hang` | `.timedOut` (-1001), at the request's `timeoutInterval` |
/// | `offline`, `url_error:NAME` | in process only: that code, at once (over a socket: `URLErrorCode.onSocket`) |
///
/// ``SwitchboardURLProtocol`` fails with the same codes, so a client's error
/// handling sees what it would see over the socket, and `FaultParityTests`
/// checks the two stay alike. These are Linux's codes; Apple's URLSession
/// (CFNetwork) was not measured here and may differ for `garbage` and
/// `truncated` — the parity tests, run on a Mac, would say.
enum FaultErrors {
    /// The code a client sees for a fault.
    static func code(for fault: Fault) -> URLError.Code {
        switch fault {
        case .reset: .networkConnectionLost
        case .empty: .badServerResponse
        case .garbage: .unsupportedURL
        case .truncated: .unknown
        case .hang: .timedOut
        case .urlError(let code): Self.code(code.rawValue)
        }
    }

    /// Failable on Linux, not on Apple's platforms: written so both compile
    /// without a warning.
    private static func code(_ rawValue: Int) -> URLError.Code {
        let code: URLError.Code? = URLError.Code(rawValue: rawValue)
        return code ?? .unknown
    }
}
