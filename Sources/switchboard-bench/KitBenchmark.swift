import Foundation
import SwitchboardKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an in-process `Switchboard` costs a test suite: a start, a flip, a
/// request and a stop, a thousand times over; and whether two hundred
/// instances started at once give back every descriptor and thread.
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

        let before = (files: self.count("/proc/self/fd"), threads: self.count("/proc/self/task"))
        let parallel = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<200 { group.addTask { try await self.cycle(session) } }
                try await group.waitForAll()
            }
        }
        let after = (files: self.count("/proc/self/fd"), threads: self.count("/proc/self/task"))
        print("200 instances in parallel, each start/flip/request/stop: \(parallel)")
        print("file descriptors: \(before.files) before, \(after.files) after")
        print("threads: \(before.threads) before, \(after.threads) after")
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

    private static func count(_ directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? -1
    }
}
