import Foundation

/// A certificate authority made for one test with the openssl CLI, in a
/// temporary folder removed when the last reference goes: what a company's
/// private CA is to `--upstream-ca`. No system trust store knows it, so a
/// server certificate it signs is refused unless the client is given
/// `certificatePath` (curl's `--cacert`, Switchboard's `--upstream-ca`).
public final class TestCertificateAuthority: Sendable {
    public let directory: URL
    /// The CA's own certificate (PEM): the file a client is told to trust.
    public let certificatePath: String
    private let keyPath: String
    private let configurationPath: String

    /// Creates the CA: a P-256 key and a self-signed CA certificate valid
    /// for two days.
    public init() throws {
        self.directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        self.certificatePath = self.directory.appendingPathComponent("ca.pem").path
        self.keyPath = self.directory.appendingPathComponent("ca.key").path
        self.configurationPath = self.directory.appendingPathComponent("openssl.cnf").path
        // Our own configuration, so the system's openssl.cnf adds nothing.
        try Data(Self.configuration.utf8).write(to: URL(fileURLWithPath: self.configurationPath))
        try Self.openssl([
            "req", "-x509", "-new", "-config", self.configurationPath, "-extensions", "authority",
            "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", self.keyPath, "-out", self.certificatePath, "-days", "2",
            "-subj", "/CN=Switchboard Test CA \(UUID().uuidString.prefix(8))",
        ])
    }

    /// `init` on a thread of its own, for async tests.
    public static func create() async throws -> TestCertificateAuthority {
        try await onThread { try TestCertificateAuthority() }
    }

    /// A server certificate signed by this CA for the given DNS names and IP
    /// addresses (by default what a local upstream is reached by).
    /// `expired`: valid for one day in January 2020 only.
    public func issue(names: [String] = ["localhost"], addresses: [String] = ["127.0.0.1"], expired: Bool = false)
        throws -> ServerCertificate
    {
        let name = "server-\(UUID().uuidString.prefix(8))"
        let key = self.directory.appendingPathComponent("\(name).key").path
        let request = self.directory.appendingPathComponent("\(name).csr").path
        let certificate = self.directory.appendingPathComponent("\(name).pem").path
        let extensions = self.directory.appendingPathComponent("\(name).ext").path
        let alternatives = (names.map { "DNS:\($0)" } + addresses.map { "IP:\($0)" }).joined(separator: ",")
        try Data((Self.serverExtensions + "subjectAltName = \(alternatives)\n").utf8)
            .write(to: URL(fileURLWithPath: extensions))
        try Self.openssl([
            "req", "-new", "-config", self.configurationPath, "-newkey", "ec", "-pkeyopt",
            "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", request,
            "-subj", "/CN=\(names.first ?? addresses.first ?? "server")",
        ])
        if expired {
            try self.signExpired(request, extensions: extensions, into: certificate)
        } else {
            try Self.openssl([
                "x509", "-req", "-in", request, "-CA", self.certificatePath, "-CAkey", self.keyPath,
                "-set_serial", "0x\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16))",
                "-days", "2", "-extfile", extensions, "-extensions", "server", "-out", certificate,
            ])
        }
        return ServerCertificate(authority: self, certificatePath: certificate, keyPath: key)
    }

    /// `issue` on a thread of its own, for async tests.
    public func issue(names: [String] = ["localhost"], addresses: [String] = ["127.0.0.1"], expired: Bool = false)
        async throws -> ServerCertificate
    {
        try await onThread { try self.issue(names: names, addresses: addresses, expired: expired) }
    }

    /// Signs `request` with dates in the past: `openssl x509` takes only a
    /// number of days from now, `openssl ca` takes dates, and wants a
    /// database of what it signed.
    private func signExpired(_ request: String, extensions: String, into certificate: String) throws {
        let folder = self.directory.appendingPathComponent("ca-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("index.txt").path
        let serial = folder.appendingPathComponent("serial").path
        let configuration = folder.appendingPathComponent("ca.cnf").path
        try Data().write(to: URL(fileURLWithPath: database))
        try Data("01\n".utf8).write(to: URL(fileURLWithPath: serial))
        try Data(
            """
            [ca]
            default_ca = authority
            [authority]
            database = \(database)
            new_certs_dir = \(folder.path)
            serial = \(serial)
            default_md = sha256
            policy = any
            [any]
            commonName = supplied

            """.utf8
        ).write(to: URL(fileURLWithPath: configuration))
        try Self.openssl([
            "ca", "-batch", "-config", configuration, "-cert", self.certificatePath, "-keyfile", self.keyPath,
            "-in", request, "-out", certificate, "-startdate", "20200101000000Z", "-enddate", "20200102000000Z",
            "-extfile", extensions, "-extensions", "server", "-notext",
        ])
    }

    deinit {
        try? FileManager.default.removeItem(at: self.directory)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static func openssl(_ arguments: [String]) throws {
        let result = try Subprocess.run("openssl", arguments)
        guard result.status == 0 else {
            throw Failure(description: "openssl \(arguments.first ?? "") failed: \(result.stderr)")
        }
    }

    private static let configuration = """
        [req]
        distinguished_name = name
        prompt = no

        [name]
        CN = unused

        [authority]
        basicConstraints = critical, CA:TRUE
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash

        """

    private static let serverExtensions = """
        [server]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature, keyEncipherment
        extendedKeyUsage = serverAuth
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid

        """
}

/// A server certificate and its key (PEM files) from a
/// `TestCertificateAuthority`, which it keeps alive.
public struct ServerCertificate: Sendable {
    public let authority: TestCertificateAuthority
    public let certificatePath: String
    public let keyPath: String
}
