import Foundation

/// A request made and timed by curl, in its own process: its timings do not
/// depend on how busy the test runner's threads are.
public struct CurlTiming: Sendable {
    public var status: Int
    /// Seconds to the last byte.
    public var total: Double
    /// Seconds to the first byte of the response.
    public var firstByte: Double
    public var bytes: Int
    public var exitCode: Int32

    public static func get(_ url: URL, extra: [String] = []) throws -> CurlTiming {
        let result = try Subprocess.run(
            "curl",
            // A stuck request fails its test instead of holding the run up;
            // `extra` may set a shorter limit.
            [
                "-s", "--max-time", "60", "-o", "/dev/null", "-w",
                "%{http_code} %{time_total} %{time_starttransfer} %{size_download}",
            ]
                + extra + [url.absoluteString])
        let fields = result.stdout.split(separator: " ")
        return CurlTiming(
            status: Int(fields.first ?? "") ?? 0, total: Double(fields.dropFirst().first ?? "") ?? 0,
            firstByte: Double(fields.dropFirst(2).first ?? "") ?? 0, bytes: Int(fields.dropFirst(3).first ?? "") ?? 0,
            exitCode: result.status)
    }

    /// `get` on a thread of its own, for async tests.
    public static func get(_ url: URL, extra: [String] = []) async throws -> CurlTiming {
        try await onThread { try CurlTiming.get(url, extra: extra) }
    }
}
