import Foundation
import SwitchboardTestSupport

/// `switchboard serve` as a child process: its port (read from the banner on
/// stderr) and its stdout, line by line.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private(set) var port = 0
    private let lines = LineReader()
    private let banner = LineReader()

    /// With `openFileLimit`, it runs under that `ulimit -n` (soft and hard);
    /// `environment` adds to the test runner's.
    init(arguments: [String], environment: [String: String] = [:], openFileLimit: Int? = nil) throws {
        if let openFileLimit {
            self.process.executableURL = URL(fileURLWithPath: "/bin/sh")
            self.process.arguments =
                [
                    "-c", "ulimit -n \(openFileLimit) && exec \"$0\" serve \"$@\"",
                    RepositoryPaths.switchboardBinary.path,
                ]
                + arguments
        } else {
            self.process.executableURL = RepositoryPaths.switchboardBinary
            self.process.arguments = ["serve"] + arguments
        }
        if !environment.isEmpty {
            self.process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        self.process.standardOutput = output
        self.process.standardError = errors
        self.process.standardInput = FileHandle.nullDevice
        self.lines.attach(output.fileHandleForReading)
        self.banner.attach(errors.fileHandleForReading)
        try self.process.run()
        guard let first = self.banner.next(timeout: 20),
            let range = first.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
            let port = Int(first[range].split(separator: ":").last ?? "")
        else {
            self.stop()
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
    }

    var pid: Int32 { self.process.processIdentifier }

    /// Stops keeping stdout lines (a long run would pile them up).
    func discardOutput() {
        self.lines.discardFromNowOn()
    }

    func nextLine(timeout: Double = 10) -> String? {
        self.lines.next(timeout: timeout)
    }

    /// The next line `serve` writes to stderr after its banner.
    func nextErrorLine(timeout: Double = 10) -> String? {
        self.banner.next(timeout: timeout)
    }

    /// SIGTERM, then the exit status.
    func terminate() -> Int32 {
        self.process.terminate()
        self.process.waitUntilExit()
        return self.process.terminationStatus
    }

    func stop() {
        if self.process.isRunning {
            self.process.terminate()
            self.process.waitUntilExit()
        }
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
