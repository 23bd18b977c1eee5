import Foundation
import SwitchboardKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a port-less `Switchboard` costs a test suite (`.switchboardInProcess`,
/// `SwitchboardURLProtocol`): start, flip, one URLSession request answered by
/// the protocol, stop, a thousand times over, with the process's threads
/// and descriptors before and after. Part of `switchboard-bench kit`.
enum KitInProcessBenchmark {
    static func run() async throws {
        // One session for every instance: the protocol finds each instance by
        // its own host, so a test suite may share one as the port-bound cycle
        // shares its plain session.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [SwitchboardURLProtocol.self]
        let shared = URLSession(configuration: configuration)
        for _ in 0..<20 { try await self.cycle(sharing: shared) }

        let clock = ContinuousClock()
        let before = KitBenchmark.census()
        var samples: [Duration] = []
        for _ in 0..<1_000 {
            samples.append(try await clock.measure { try await self.cycle(sharing: shared) })
        }
        let after = KitBenchmark.census()
        print(
            "in-process (no port) start/flip/request/stop, 1,000 cycles, one shared session: "
                + "\(RenderBenchmark.Timing(samples: samples))")
        print(
            "  file descriptors: \(before.files) before, \(after.files) after; "
                + "threads: \(before.threads) before, \(after.threads) after")

        // As a test written with the trait does it: a session of its own
        // from `board.urlSession()`, let go when the test ends.
        var own: [Duration] = []
        let ownBefore = KitBenchmark.census()
        for _ in 0..<1_000 {
            own.append(try await clock.measure { try await self.cycle(sharing: nil) })
        }
        let ownAfter = KitBenchmark.census()
        print(
            "in-process (no port), a session per instance from urlSession(), 1,000 cycles: "
                + "\(RenderBenchmark.Timing(samples: own))")
        print(
            "  file descriptors: \(ownBefore.files) before, \(ownAfter.files) after; "
                + "threads: \(ownBefore.threads) before, \(ownAfter.threads) after")

        var startStop: [Duration] = []
        for _ in 0..<1_000 {
            startStop.append(
                try await clock.measure {
                    let board = try Switchboard.inProcess { Endpoint.get("/ping") }
                    await board.stop()
                })
        }
        print("in-process (no port) start/stop alone, 1,000 cycles: \(RenderBenchmark.Timing(samples: startStop))")
    }

    /// One test's life without a port: start, flip, one request through the
    /// protocol, stop. The request goes through `shared`, or with `nil`
    /// through the instance's own `urlSession()`, invalidated at the end.
    static func cycle(sharing shared: URLSession?) async throws {
        let board = try Switchboard.inProcess {
            Endpoint.get("/ping").json(#"{"pong":true}"#)
        }
        try await board.set("get-ping", .serverError)
        let session = shared ?? board.urlSession()
        let (_, response) = try await session.data(from: board.baseURL.appendingPathComponent("ping"))
        precondition((response as? HTTPURLResponse)?.statusCode == 500)
        await board.stop()
        if shared == nil { session.finishTasksAndInvalidate() }
    }
}
