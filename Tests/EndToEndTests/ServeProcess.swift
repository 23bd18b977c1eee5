import Foundation
import NIOConcurrencyHelpers
import SwitchboardTestSupport

/// `switchboard serve` as a child process: its port (read from the banner on
/// stderr) and its stdout, line by line.
final class ServeProcess: @unchecked Sendable {
    let pid: pid_t
    private(set) var port = 0
    /// The first line on stderr, which names the port.
    private(set) var bannerLine = ""
    private let lines = LineReader()
    private let banner = LineReader()
    /// The exit status once reaped.
    private let status = NIOLockedValueBox<Int32?>(nil)
    /// Kept: a pipe closes its reading end when it goes away.
    private let output = Pipe()
    private let errors = Pipe()

    /// With `openFileLimit`, it runs under that `ulimit -n` (soft and hard);
    /// `environment` adds to the test runner's. Started with posix_spawn, as
    /// `Subprocess` does: Foundation's `Process.run()` crashed here when
    /// tests started several at once.
    /// With `stdoutFile`, stdout goes to that file and `nextLine` has
    /// nothing to read. `startTimeout` is how long loading may take before
    /// the banner (a large OpenAPI description in a debug build: seconds).
    init(
        arguments: [String], environment: [String: String] = [:], openFileLimit: Int? = nil,
        stdoutFile: String? = nil, startTimeout: Double = 20
    ) throws {
        let binary = RepositoryPaths.switchboardBinary.path
        let (path, argv) =
            openFileLimit.map { limit in
                ("/bin/sh", ["-c", "ulimit -n \(limit) && exec \"$0\" serve \"$@\"", binary] + arguments)
            } ?? (binary, ["serve"] + arguments)
        let output = self.output
        let errors = self.errors
        self.pid = try Subprocess.spawn(
            path, argv, environment: environment, stdin: .path("/dev/null"),
            stdout: stdoutFile.map { .path($0) } ?? .descriptor(output.fileHandleForWriting.fileDescriptor),
            stderr: .descriptor(errors.fileHandleForWriting.fileDescriptor))
        // Only the child writes now, so its exit ends the streams.
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        self.lines.attach(output.fileHandleForReading)
        self.banner.attach(errors.fileHandleForReading)
        guard let first = self.banner.next(timeout: startTimeout),
            let range = first.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
            let port = Int(first[range].split(separator: ":").last ?? "")
        else {
            self.stop()
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
        self.bannerLine = first
    }

    /// `init` on a thread of its own, for async tests: it waits for the
    /// banner.
    static func start(
        arguments: [String], environment: [String: String] = [:], openFileLimit: Int? = nil,
        stdoutFile: String? = nil, startTimeout: Double = 20
    ) async throws -> ServeProcess {
        try await onThread {
            try ServeProcess(
                arguments: arguments, environment: environment, openFileLimit: openFileLimit, stdoutFile: stdoutFile,
                startTimeout: startTimeout)
        }
    }

    /// Stops keeping stdout lines (a long run would pile them up).
    func discardOutput() {
        self.lines.discardFromNowOn()
    }

    func nextLine(timeout: Double = 10) -> String? {
        self.lines.next(timeout: timeout)
    }

    /// `nextLine` on a thread of its own, for async tests.
    func nextLine(timeout: Double = 10) async -> String? {
        (try? await onThread { self.nextLine(timeout: timeout) }) ?? nil
    }

    /// The next line `serve` writes to stderr after its banner.
    func nextErrorLine(timeout: Double = 10) -> String? {
        self.banner.next(timeout: timeout)
    }

    /// SIGTERM, then the exit status.
    func terminate() -> Int32 {
        self.status.withLockedValue { status in
            if let status { return status }
            kill(self.pid, SIGTERM)
            let exited = Subprocess.wait(for: self.pid)
            status = exited
            return exited
        }
    }

    func stop() {
        _ = self.terminate()
    }

    /// `terminate` on a thread of its own, for async tests.
    func terminate() async -> Int32 {
        (try? await onThread { self.terminate() }) ?? -1
    }

    /// Runs `body` with the process, then stops it off the test's thread,
    /// whether `body` threw or not: the async test's `defer`.
    func serving<T>(_ body: (ServeProcess) async throws -> T) async throws -> T {
        try await runThenStop(self, stop: { _ = await $0.terminate() }, body)
    }
}

/// Collects lines from a pipe as they arrive; `next` waits for one.
final class LineReader: @unchecked Sendable {
    private var buffer = Data()
    private var ready: [String] = []
    private let condition = NSCondition()
    private var discard = false

    func discardFromNowOn() {
        self.condition.lock()
        self.discard = true
        self.ready.removeAll()
        self.condition.unlock()
    }

    func attach(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.condition.lock()
            if data.isEmpty { handle.readabilityHandler = nil }
            if self.discard {
                self.condition.unlock()
                return
            }
            self.buffer.append(data)
            while let newline = self.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                self.ready.append(String(decoding: self.buffer[self.buffer.startIndex..<newline], as: UTF8.self))
                self.buffer.removeSubrange(self.buffer.startIndex...newline)
            }
            self.condition.broadcast()
            self.condition.unlock()
        }
    }

    func next(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        self.condition.lock()
        defer { self.condition.unlock() }
        while self.ready.isEmpty {
            if !self.condition.wait(until: deadline) { return nil }
        }
        return self.ready.removeFirst()
    }
}
