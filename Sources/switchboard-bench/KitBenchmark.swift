import Foundation
import NIOPosix
import SwitchboardKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an in-process `Switchboard` costs a test suite: a start, a flip, a
/// request and a stop, a thousand times over; and whether two hundred
/// instances started at once give back every descriptor and thread; then
/// the same without a port (``KitInProcessBenchmark``).
/// `swift run -c release switchboard-bench kit`.
enum KitBenchmark {
    static func run() async throws {
        let session = URLSession(configuration: .ephemeral)
        // Warm up: URLSession's own threads and the first socket are not
        // what is measured.
        for _ in 0..<20 { try await self.cycle(session) }

        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<1_000 { samples.append(try await clock.measure { try await self.cycle(session) }) }
        print("start/flip/request/stop, 1,000 cycles: \(RenderBenchmark.Timing(samples: samples))")

        var startStop: [Duration] = []
        for _ in 0..<1_000 {
            startStop.append(
                try await clock.measure {
                    let board = try await Switchboard.start { Endpoint.get("/ping") }
                    await board.stop()
                })
        }
        print("start/stop alone, 1,000 cycles: \(RenderBenchmark.Timing(samples: startStop))")

        // What sharing one event-loop group among instances could save at
        // most: making and stopping an instance's own one-thread group.
        let group = RenderBenchmark.measure(iterations: 1_000) {
            try? MultiThreadedEventLoopGroup(numberOfThreads: 1).syncShutdownGracefully()
        }
        print("a one-thread event-loop group, made and shut down: \(group)")

        let before = self.census()
        let parallel = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<200 { group.addTask { try await self.cycle(session) } }
                try await group.waitForAll()
            }
        }
        let after = self.census()
        print("200 instances in parallel, each start/flip/request/stop: \(parallel)")
        print("file descriptors: \(before.files) before, \(after.files) after")
        print("threads: \(before.threads) before, \(after.threads) after: \(self.threadNames())")
        // Threads that are not the instances' own (Dispatch's pool, grown for
        // URLSession under the load) go back after an idle while.
        try await Task.sleep(for: .seconds(5))
        print("5 s later: \(self.count("/proc/self/fd")) file descriptors, \(self.count("/proc/self/task")) threads")

        try await KitInProcessBenchmark.run()
    }

    /// The process's open file descriptors and threads, now.
    static func census() -> (files: Int, threads: Int) {
        (files: self.count("/proc/self/fd"), threads: self.count("/proc/self/task"))
    }

    /// One test's life: start, flip, one request, stop.
    static func cycle(_ session: URLSession) async throws {
        let board = try await Switchboard.start {
            Endpoint.get("/ping").json(#"{"pong":true}"#)
        }
        try await board.set("get-ping", .serverError)
        let (_, response) = try await session.data(from: board.baseURL.appendingPathComponent("ping"))
        precondition((response as? HTTPURLResponse)?.statusCode == 500)
        await board.stop()
    }

    /// The running threads' names, counted: `NIO-ELT-…` are event loops.
    private static func threadNames() -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var names: [String: Int] = [:]
        for task in tasks {
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "?"
            names[name.trimmingCharacters(in: .whitespacesAndNewlines), default: 0] += 1
        }
        return names.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }

    private static func count(_ directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? -1
    }
}
