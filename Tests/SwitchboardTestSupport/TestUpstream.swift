import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/1.1 backend on a free port of 127.0.0.1, for tests that put
/// Switchboard in front of an upstream: a Python `http.server` in a process
/// of its own (`script`), plain or over TLS, keep-alive capable.
///
/// Python rather than a second NIO server: the proxy is then checked against
/// an HTTP implementation that shares no code with it, the TLS variant is a
/// few lines of the standard `ssl` module, and the test build gets no larger.
/// A second Switchboard covers the NIO-to-NIO case.
///
/// Routes (`Route`): JSON, a gzip-encoded body, a JPEG, a chunked answer, a
/// download of any size made on the fly (100 MB by default) with its SHA-256
/// at `/download/sha256`, a 302, two `Set-Cookie`s, 204, 304 on
/// `If-None-Match: "v1"`, `/status/NNN`, an echo of the request as JSON, a
/// slow answer, a connection reset, and for uploads: a hash of the body made
/// as it is read (slowly if asked), a 413 before reading it, and what the
/// last upload saw. HEAD works on every route.
public final class TestUpstream: Sendable {
    public let port: Int
    /// `http` or `https`.
    public let scheme: String
    private let pid: pid_t
    private let directory: URL
    private let stopped = NIOLockedValueBox(false)
    /// Held so the certificate files outlive the server that reads them.
    private let certificate: ServerCertificate?

    /// The test routes, as paths.
    public enum Route: String, Sendable, CaseIterable {
        /// `application/json`, with `Cache-Control` and `ETag: "v1"`.
        case json = "/json"
        /// `Content-Encoding: gzip`; the bytes are the same on every run.
        case gzip = "/gzip"
        /// `image/jpeg`, every byte value in it.
        case jpeg = "/jpeg"
        /// `Transfer-Encoding: chunked`, four chunks.
        case chunked = "/chunked"
        /// `?bytes=N` (default 100 MiB) of deterministic bytes, streamed.
        case download = "/download"
        /// The SHA-256 (hex) of `/download` with the same `?bytes=`.
        case downloadSHA256 = "/download/sha256"
        /// 302 to `?to=` (default `/json`).
        case redirect = "/redirect"
        /// Two `Set-Cookie` headers.
        case cookie = "/cookie"
        case noContent = "/no-content"
        /// 304 when `If-None-Match: "v1"`, else 200 with the JSON.
        case etag = "/etag"
        /// Any method: the request as the upstream saw it, as JSON
        /// (`method`, `path`, `query`, `target`, `headers` as name/value
        /// pairs in order, `bodyLength`, `bodySHA256`, `bodyBase64` of the
        /// first MiB, `connection`: which accepted connection it came on).
        case echo = "/echo"
        /// Waits `?ms=` (default 5000) before the head, or with
        /// `stage=body` between the head and the body.
        case slow = "/slow"
        /// Closes the connection with a TCP reset instead of answering.
        case reset = "/reset"
        /// How many connections the upstream has accepted so far.
        case connections = "/connections"
        /// Any method: reads the body as it arrives without keeping it
        /// (at `?rate=` bytes a second if given) and answers its
        /// `bodyLength` and `bodySHA256` as JSON.
        case uploadSHA256 = "/upload/sha256"
        /// 413 with `Connection: close` before reading any of the body.
        case uploadRefuse = "/upload/refuse"
        /// What the last `/upload/sha256` saw: `complete` (whether its
        /// body was all there), `received` (bytes) and `error`.
        case uploadLast = "/upload/last"
    }

    /// Starts the upstream and waits until it listens. With a certificate
    /// (from `TestCertificateAuthority`) it speaks only TLS.
    public init(tls certificate: ServerCertificate? = nil) throws {
        self.certificate = certificate
        self.scheme = certificate == nil ? "http" : "https"
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-upstream-\(UUID().uuidString)")
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("upstream.py")
        try Data(Self.script.utf8).write(to: script)
        var arguments = [script.path]
        if let certificate {
            arguments += ["--cert", certificate.certificatePath, "--key", certificate.keyPath]
        }
        let errors = directory.appendingPathComponent("stderr.txt").path

        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe failed: \(errno)") }
        let pid: pid_t
        do {
            pid = try Subprocess.spawn(
                try Subprocess.resolve("python3"), arguments, stdin: .path("/dev/null"),
                stdout: .descriptor(ends[1]), stderr: .path(errors))
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        // Only the child may hold the writing end, so its exit ends our read.
        close(ends[1])
        defer { close(ends[0]) }
        self.pid = pid
        guard let port = Self.readPort(from: ends[0], timeout: 30) else {
            kill(pid, SIGKILL)
            _ = Subprocess.wait(for: pid)
            let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: directory)
            throw Failure(description: "the test upstream did not start: \(stderr)")
        }
        self.port = port
    }

    /// `init` on a thread of its own, for async tests.
    public static func start(tls certificate: ServerCertificate? = nil) async throws -> TestUpstream {
        try await onThread { try TestUpstream(tls: certificate) }
    }

    /// The upstream's base URL, as a `--upstream` option takes it.
    public var baseURL: URL { URL(string: "\(self.scheme)://127.0.0.1:\(self.port)")! }

    public func url(_ route: Route, query: String? = nil) -> URL {
        self.url(route.rawValue + (query.map { "?\($0)" } ?? ""))
    }

    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "\(self.scheme)://127.0.0.1:\(self.port)\(pathAndQuery)")!
    }

    /// Stops the server (its open connections with it). Idempotent.
    public func stop() {
        let first = self.stopped.withLockedValue { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(self.pid, SIGKILL)
        _ = Subprocess.wait(for: self.pid)
        try? FileManager.default.removeItem(at: self.directory)
    }

    /// `stop` on a thread of its own.
    public func stop() async {
        _ = try? await onThread { self.stop() }
    }

    /// Runs `body` against the upstream, then stops it, whether `body`
    /// threw or not: the async test's `defer`.
    public func serving<T>(_ body: (TestUpstream) async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body(self)
        } catch {
            await self.stop()
            throw error
        }
        await self.stop()
        return result
    }

    deinit {
        self.stop()
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first line the script prints is its port; nil if it exits or
    /// stays silent for `timeout` seconds.
    private static func readPort(from descriptor: Int32, timeout: Int32) -> Int? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while line.last != UInt8(ascii: "\n") {
            guard poll(&waiting, 1, timeout * 1000) == 1, read(descriptor, &byte, 1) == 1 else { return nil }
            line.append(byte)
        }
        return Int(String(decoding: line.dropLast(), as: UTF8.self))
    }
}
