import Foundation

/// A response body fetched by curl and hashed as it streams in, never held
/// in memory or on disk: how a test compares a 100 MB body through a proxy
/// with the upstream's own, byte for byte.
public struct CurlChecksum: Sendable {
    public var status: Int
    public var bytes: Int
    /// SHA-256 of the body as received (not decoded), lowercase hex.
    public var sha256: String
    public var exitCode: Int32

    /// `extra` goes to curl before the URL (`--cacert FILE`, `-H …`).
    public static func get(_ url: URL, extra: [String] = []) throws -> CurlChecksum {
        // curl's own status goes to stderr so the body alone reaches sha256sum.
        let curl =
            (["curl", "-s", "--max-time", "120", "-w", "%{stderr}%{http_code} %{size_download}"] + extra
            + [url.absoluteString]).map(Self.quoted).joined(separator: " ")
        let result = try Subprocess.run("bash", ["-c", "set -o pipefail; \(curl) | sha256sum"])
        let written = result.stderr.split(separator: " ")
        return CurlChecksum(
            status: Int(written.first ?? "") ?? 0, bytes: Int(written.dropFirst().first ?? "") ?? 0,
            sha256: String(result.stdout.prefix(64)), exitCode: result.status)
    }

    /// `get` on a thread of its own, for async tests.
    public static func get(_ url: URL, extra: [String] = []) async throws -> CurlChecksum {
        try await onThread { try CurlChecksum.get(url, extra: extra) }
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
