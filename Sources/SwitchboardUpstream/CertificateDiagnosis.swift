import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import SwitchboardServer

/// Why the TLS layer refused an upstream's certificates, in words a person
/// acts on. BoringSSL reports every refusal of a chain as one
/// `CERTIFICATE_VERIFY_FAILED`, whether the certificate expired, is
/// self-signed or comes from a CA this machine does not trust; the
/// certificates themselves tell which. They are fetched with one more
/// handshake that trusts nothing and sends nothing, made only after a
/// refusal, and what it found is remembered for `remembered` per upstream:
/// an upstream refused under load is looked at once, not per request.
final class CertificateDiagnosis: Sendable {
    /// What a certificate says of itself.
    struct Presented: Equatable, Sendable {
        var subject: String
        var issuer: String
        var selfIssued: Bool
        /// Seconds since 1970.
        var notBefore: Int
        var notAfter: Int
    }

    static let remembered = TimeAmount.seconds(10)
    private let found = NIOLockedValueBox<[String: (failure: UpstreamFailure, until: NIODeadline)]>([:])

    /// The words for a refused chain (`chain[0]` the upstream's own
    /// certificate) at `now` (seconds since 1970).
    static func failure(for chain: [Presented], now: Int) -> UpstreamFailure {
        guard let leaf = chain.first else {
            return UpstreamFailure(status: .badGateway, words: "TLS certificate not trusted")
        }
        let words: String
        if let expired = chain.first(where: { $0.notAfter < now }) {
            words =
                "TLS certificate expired on \(Self.day(expired.notAfter))"
                + (expired == leaf ? "" : " (\(expired.subject), in its chain)")
        } else if leaf.notBefore > now {
            words = "TLS certificate not valid before \(Self.day(leaf.notBefore))"
        } else if chain.count == 1 && leaf.selfIssued {
            words = "TLS certificate is self-signed (trust it with --upstream-ca, or use --upstream-insecure)"
        } else {
            let top = chain.last ?? leaf
            words = "TLS certificate issued by \(top.issuer), a CA not trusted here (add it with --upstream-ca)"
        }
        return UpstreamFailure(status: .badGateway, words: words)
    }

    /// `2026-11-26`, in UTC.
    static func day(_ seconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Why `host:port` was refused, found on `loop` within `timeout`.
    func diagnose(host: String, port: Int, on loop: any EventLoop, timeout: TimeAmount) -> EventLoopFuture<
        UpstreamFailure
    > {
        let key = "\(host):\(port)"
        let now = NIODeadline.now()
        if let known = self.found.withLockedValue({ $0[key] }), known.until > now {
            return loop.makeSucceededFuture(known.failure)
        }
        return Self.presented(host: host, port: port, on: loop, timeout: timeout).map { chain in
            let failure = Self.failure(for: chain, now: Int(Date().timeIntervalSince1970))
            self.found.withLockedValue { $0[key] = (failure, now + Self.remembered) }
            return failure
        }
    }

    /// The certificates `host:port` presents; none if it cannot be reached
    /// or presents none within `timeout`.
    private static func presented(host: String, port: Int, on loop: any EventLoop, timeout: TimeAmount)
        -> EventLoopFuture<[Presented]>
    {
        let promise = loop.makePromise(of: [Presented].self)
        let once = NIOLockedValueBox<EventLoopPromise<[Presented]>?>(promise)
        let complete: @Sendable ([Presented]) -> Void = { chain in
            once.withLockedValue { pending in
                defer { pending = nil }
                return pending
            }?.succeed(chain)
        }
        guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else {
            complete([])
            return promise.futureResult
        }
        // No name in SNI for an address (NIOSSL refuses one).
        let name = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let connected = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: name,
                        customVerificationCallback: { chain, verdict in
                            complete(chain.map(Presented.init))
                            verdict.succeed(.failed)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: host, port: port)
        connected.whenComplete { result in
            guard case .success(let channel) = result else { return complete([]) }
            channel.closeFuture.whenComplete { _ in complete([]) }
            promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
        loop.scheduleTask(in: timeout) { complete([]) }
        return promise.futureResult
    }
}

extension CertificateDiagnosis.Presented {
    init(_ certificate: NIOSSLCertificate) {
        self.init(
            subject: Self.name(certificate.subjectName), issuer: Self.name(certificate.issuerName),
            selfIssued: certificate.subjectName == certificate.issuerName, notBefore: Int(certificate.notValidBefore),
            notAfter: Int(certificate.notValidAfter))
    }

    /// `CN=Example CA`, or the whole name when it has no common name.
    private static func name(_ parts: [SSLCertificateName]) -> String {
        if let common = parts.first(where: { $0.type == .commonName }) { return "CN=" + common.value }
        return parts.map(\.value).joined(separator: ", ")
    }
}
