import Foundation
import NIOSSL
import SwitchboardServer

/// Which upstream certificates are accepted: the system's trust store,
/// plus the CAs of `--upstream-ca`, or anything at all with
/// `--upstream-insecure`.
public enum UpstreamTrust {
    /// Why `path` cannot be used as `--upstream-ca`, in words; `nil` when it
    /// holds at least one PEM certificate. Read with the same loader the TLS
    /// layer uses, so a file accepted here cannot fail later on every
    /// connection.
    public static func problem(inCAFile path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "\(path) does not exist"
        }
        if isDirectory.boolValue { return "\(path) is a folder, not a PEM file" }
        guard FileManager.default.isReadableFile(atPath: path) else { return "\(path) cannot be read" }
        let certificates = try? NIOSSLCertificate.fromPEMFile(path)
        guard let certificates, !certificates.isEmpty else {
            return "\(path) holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)"
        }
        return nil
    }

    static func tlsConfiguration(_ settings: UpstreamSettings) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = settings.extraCAFile { tls.additionalTrustRoots = [.file(file)] }
        if !settings.verifiesCertificates { tls.certificateVerification = .none }
        return tls
    }
}
