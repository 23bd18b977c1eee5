import Foundation
import SwitchboardTestSupport
import Testing

/// A private tmux server (its own socket) running one command in a pane of a
/// fixed size. Stopped, by its process id, when the session is released.
final class TmuxSession: Sendable {
    let socket: String
    let workDirectory: URL
    private let serverPID: Int32?

    /// Runs `arguments` (the switchboard binary first) inside `sh`, which
    /// records the terminal settings before and after and the exit status.
    private init(
        switchboard arguments: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]
    ) throws {
        self.workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.workDirectory, withIntermediateDirectories: true)
        let binary = RepositoryPaths.switchboardBinary.path
        let exports = environment.map { "export \($0.key)=\(Self.quote($0.value)); " }.joined()
        let command = [binary] + arguments
        let script =
            "\(exports)cd \(Self.quote(self.workDirectory.path)); stty -g > stty-before; "
            + command.map(Self.quote).joined(separator: " ")
            + "; echo $? > status; stty -g > stty-after; exec sleep 600"
        let socket = "switchboard-e2e-\(UUID().uuidString.prefix(8))"
        self.socket = socket
        try Subprocess.run(
            "tmux",
            [
                "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
                "-s", "main", "sh", "-c", script,
            ])
        let pid = try Subprocess.run("tmux", ["-L", socket, "display-message", "-p", "-t", "main", "#{pid}"]).stdout
        self.serverPID = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Starts it on a thread of its own: tmux takes a while to answer.
    static func start(
        switchboard arguments: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]
    ) async throws -> TmuxSession {
        try await onThread {
            try TmuxSession(switchboard: arguments, width: width, height: height, environment: environment)
        }
    }

    deinit {
        _ = try? self.tmux(["kill-server"])
        if let pid = self.serverPID { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: self.workDirectory)
    }

    /// Ends the tmux server (and switchboard in it), as `deinit` does, on a
    /// thread of its own. Idempotent.
    func stop() async {
        _ = try? await onThread {
            _ = try? self.tmux(["kill-server"])
            if let pid = self.serverPID { kill(pid, SIGKILL) }
        }
    }

    /// Runs `body`, then stops the session whether `body` threw or not:
    /// the async test's `defer`. A test that checks how switchboard exits
    /// calls `quit` at the end of `body`.
    func serving<T>(_ body: (TmuxSession) async throws -> T) async throws -> T {
        try await runThenStop(self, stop: { await $0.stop() }, body)
    }

    /// Blocks: for `deinit` and failure messages, which cannot await.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run("tmux", ["-L", self.socket] + arguments)
    }

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> CommandResult {
        try await Subprocess.run("tmux", ["-L", self.socket] + arguments)
    }

    /// The visible pane, as text.
    func screen() async -> String {
        (try? await self.tmux(["capture-pane", "-p", "-t", "main"]).stdout) ?? ""
    }

    /// The pane for a failure message, which cannot await; Swift Testing
    /// works it out only when the expectation fails.
    func screenForMessage() -> String {
        (try? self.tmux(["capture-pane", "-p", "-t", "main"]).stdout) ?? ""
    }

    /// Sends tmux key names (`Space`, `q`, `C-c`, `Tab`).
    func send(_ keys: String...) async throws {
        try await self.tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Waits until the screen satisfies `condition`; false after `timeout`.
    func waitForScreen(timeout: Double = 20, _ condition: (String) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout, every: .milliseconds(50)) { condition(await self.screen()) }
    }

    /// The switchboard process: the shell's child in the pane.
    func appPID() async throws -> Int32? {
        let shell = try await self.tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try await Subprocess.run("pgrep", ["-P", shell]).stdout
        return children.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// The exit status once switchboard has ended.
    func waitForExit(timeout: Double = 20) async -> Int? {
        let file = self.workDirectory.appendingPathComponent("status")
        var status: Int?
        _ = await waitUntil(timeout: timeout, every: .milliseconds(50)) {
            status = (try? String(contentsOf: file, encoding: .utf8))
                .flatMap { $0.hasSuffix("\n") ? Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) : nil }
            // stty-after is written after status: wait for both, and for the
            // settings line to be complete (the shell creates the file first).
            let after = try? String(
                contentsOf: self.workDirectory.appendingPathComponent("stty-after"), encoding: .utf8)
            return status != nil && after?.hasSuffix("\n") == true
        }
        return status
    }

    /// Presses `q`; switchboard should exit 0 and give the terminal back.
    func quit(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await self.send("q")
        await self.expectExit(0, sourceLocation: sourceLocation)
    }

    /// Waits for switchboard to end with `status`, leaving the terminal
    /// settings (`stty -g`) as it found them.
    func expectExit(_ status: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(await self.waitForExit() == status, sourceLocation: sourceLocation)
        let settings = self.terminalSettings()
        #expect(settings.before == settings.after, "the terminal was not restored", sourceLocation: sourceLocation)
    }

    /// Terminal settings (`stty -g`) before start and after exit.
    func terminalSettings() -> (before: String, after: String) {
        func read(_ name: String) -> String {
            (try? String(contentsOf: self.workDirectory.appendingPathComponent(name), encoding: .utf8)) ?? "missing"
        }
        return (read("stty-before"), read("stty-after"))
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Starts the screen on `directory` (the demo by default) on a free port
    /// and waits for it; returns the session and the port it chose.
    static func startScreen(
        _ directory: String = RepositoryPaths.fixtures.path, width: Int = 100, height: Int = 30,
        extra: [String] = [], environment: [String: String] = [:]
    ) async throws -> (TmuxSession, Int) {
        let session = try await TmuxSession.start(
            switchboard: [directory, "--port", "0"] + extra, width: width, height: height, environment: environment)
        var port: Int?
        let ready = await session.waitForScreen { screen in
            guard screen.contains("ENDPOINTS"),
                let range = screen.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression)
            else { return false }
            port = Int(screen[range].split(separator: ":").last ?? "")
            return port != nil
        }
        guard ready, let port else {
            throw ScreenFailure(description: "the screen did not come up:\n\(await session.screen())")
        }
        return (session, port)
    }
}

struct ScreenFailure: Error, CustomStringConvertible {
    let description: String
}
