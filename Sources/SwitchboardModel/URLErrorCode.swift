/// A `URLError` code, by its number (`-1003`) and its name in Foundation
/// (`cannotFindHost`): what the in-process path fails a task with for the
/// fault `url_error:NAME` (see `Fault.urlError`). Any code may be named by
/// number; the common ones also by name, and those have a nearest fault on
/// a socket, which cannot fail a DNS lookup or a TLS handshake.
///
/// Kept free of Foundation, as the rest of this module, so that the
/// server, which has no `URLError`, still knows the names and what each
/// does on the wire.
public struct URLErrorCode: Sendable, Hashable {
    /// `URLError.Code.rawValue`: `-1003`.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `cannotFindHost` (in any case) or a number, `-1003`.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let known = Self.known.first(where: { $0.name.lowercased() == lowered }) {
            self.rawValue = known.code
        } else if let number = Int(lowered), number < 0 {
            self.rawValue = number
        } else {
            return nil
        }
    }

    /// Foundation's name for the code, or its number when it has none here.
    public var name: String {
        Self.known.first { $0.code == self.rawValue }?.name ?? String(self.rawValue)
    }

    /// What a socket does in its place: a client that goes over the network
    /// sees this fault (a reset for a name or connection failure, `hang` for
    /// a timeout, `garbage` for a TLS or decoding failure, `empty` for a bad
    /// response); a code not named here resets.
    public var onSocket: Fault {
        Self.known.first { $0.code == self.rawValue }?.onSocket ?? .reset
    }

    // Not public: in SwitchboardKit `.urlError(.cannotFindHost)` names
    // Foundation's `URLError.Code`, and a constant here would make it
    // ambiguous.
    static let notConnectedToInternet = URLErrorCode(rawValue: -1009)

    /// The codes apps branch on, with Foundation's names (`URLError.Code`).
    static let known: [(name: String, code: Int, onSocket: Fault)] = [
        ("cancelled", -999, .reset),
        ("badURL", -1000, .reset),
        ("timedOut", -1001, .hang),
        ("unsupportedURL", -1002, .garbage),
        ("cannotFindHost", -1003, .reset),
        ("cannotConnectToHost", -1004, .reset),
        ("networkConnectionLost", -1005, .reset),
        ("dnsLookupFailed", -1006, .reset),
        ("httpTooManyRedirects", -1007, .reset),
        ("resourceUnavailable", -1008, .reset),
        ("notConnectedToInternet", -1009, .reset),
        ("redirectToNonExistentLocation", -1010, .reset),
        ("badServerResponse", -1011, .empty),
        ("userCancelledAuthentication", -1012, .reset),
        ("userAuthenticationRequired", -1013, .reset),
        ("zeroByteResource", -1014, .empty),
        ("cannotDecodeRawData", -1015, .garbage),
        ("cannotDecodeContentData", -1016, .garbage),
        ("cannotParseResponse", -1017, .garbage),
        ("internationalRoamingOff", -1018, .reset),
        ("callIsActive", -1019, .reset),
        ("dataNotAllowed", -1020, .reset),
        ("requestBodyStreamExhausted", -1021, .reset),
        ("appTransportSecurityRequiresSecureConnection", -1022, .reset),
        ("secureConnectionFailed", -1200, .garbage),
        ("serverCertificateHasBadDate", -1201, .garbage),
        ("serverCertificateUntrusted", -1202, .garbage),
        ("serverCertificateHasUnknownRoot", -1203, .garbage),
        ("serverCertificateNotYetValid", -1204, .garbage),
        ("clientCertificateRejected", -1205, .garbage),
        ("clientCertificateRequired", -1206, .garbage),
        ("cannotLoadFromNetwork", -2000, .reset),
    ]

    /// Every name `init(name:)` takes, for messages and documentation.
    public static var names: [String] { Self.known.map(\.name) }
}
