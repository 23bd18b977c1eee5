import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The result of running a command line program to completion.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs programs (curl, tmux, the switchboard binary) and waits for them.
///
/// Uses posix_spawn and waitpid rather than Foundation's Process: on Linux,
/// Process notices a child's exit through a descriptor that a daemon the
/// child leaves behind (the tmux server) keeps open forever. Output goes to
/// files for the same reason.
public enum Subprocess {
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        let path = try self.resolve(executable)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        let outPath = scratch.path + ".out"
        let errPath = scratch.path + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let pid = try self.spawn(
            path, arguments, stdin: .path("/dev/null"), stdout: .path(outPath), stderr: .path(errPath))
        return CommandResult(
            status: self.wait(for: pid),
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// `run` on a thread of its own, for async tests.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) async throws -> CommandResult {
        try await onThread { try Subprocess.run(executable, arguments) }
    }

    /// Where a child's standard stream goes.
    public enum Stream {
        case path(String)
        /// A descriptor of ours, such as a pipe's writing end.
        case descriptor(Int32)
    }

    /// Starts a program and returns its pid; `wait(for:)` reaps it.
    ///
    /// The child starts with no blocked signals and default handlers,
    /// whatever the test runner's threads have set, and with none of the
    /// test runner's descriptors but the three given.
    public static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], stdin: Stream, stdout: Stream,
        stderr: Stream
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .path(let file):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, target, file, flags, 0o600)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        // A child holding a copy of a test server's sockets keeps them open
        // after the server closes them.
        _ = closeFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnFailure(program: path, code: spawned) }
        return pid
    }

    /// Waits for a child to exit: its exit status, or 128 + the signal.
    public static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The full path of a program on PATH.
    public static func resolve(_ name: String) throws -> String {
        if name.hasPrefix("/") { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MissingProgram(name: name)
    }

    public struct MissingProgram: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "\(self.name) is not installed (.ci/run installs it)" }
    }

    public struct SpawnFailure: Error, CustomStringConvertible {
        public let program: String
        public let code: Int32
        public var description: String { "could not start \(self.program): \(String(cString: strerror(self.code)))" }
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later),
/// which its headers declare only under _GNU_SOURCE.
private let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
