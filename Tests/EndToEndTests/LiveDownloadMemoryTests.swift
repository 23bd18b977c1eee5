import Foundation
import NIOConcurrencyHelpers
import SwitchboardTestSupport
import Testing

/// A 100 MB live body through `serve --upstream`, in a process of its own so
/// the RSS read is the server's alone: the bytes arrive unchanged and the
/// server's memory stays flat while they stream, for a fast client and for
/// one that reads slowly (back-pressure holds the upstream instead of
/// buffering its body).
@Suite struct LiveDownloadMemoryTests {
    /// Growth of RSS over the warmed-up server allowed while a body streams.
    /// What streaming costs is a few socket-sized buffers per side plus the
    /// journal's copy of the body's start; what buffering would cost is the
    /// body itself (100 MB). 32 MiB is well clear of the first (the allocator
    /// keeps some freed pages) and far below the second.
    static let allowedGrowthKiB = 32 * 1024

    /// RSS samples of `pid` every 20 ms until `stop` is called.
    final class Sampler: Sendable {
        private let samples = NIOLockedValueBox<[Int]>([])
        private let running = NIOLockedValueBox(true)
        private let done = DispatchSemaphore(value: 0)

        init(pid: Int32) {
            Thread.detachNewThread { [self] in
                while self.running.withLockedValue({ $0 }) {
                    let kib = FuzzTests.residentKilobytes(pid)
                    self.samples.withLockedValue { $0.append(kib) }
                    usleep(20_000)
                }
                self.done.signal()
            }
        }

        func stop() -> [Int] {
            self.running.withLockedValue { $0 = false }
            self.done.wait()
            return self.samples.withLockedValue { $0 }
        }
    }

    struct Measured: Sendable {
        var baseline = 0
        var samples: [Int] = []
        var relayed: CurlChecksum
        var direct = ""
    }

    /// Starts `serve` in front of a plain TestUpstream, warms it up with one
    /// live request, then samples RSS while `curl extra` downloads 100 MiB.
    static func measure(curl extra: [String]) async throws -> Measured {
        let upstream = try await TestUpstream.start()
        defer { upstream.stop() }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
        return try await onThread {
            let serve = try ServeProcess(arguments: [
                missing.path, "--port", "0", "--upstream", upstream.baseURL.absoluteString,
            ])
            defer { serve.stop() }
            serve.discardOutput()
            let proxy = "http://127.0.0.1:\(serve.port)"
            // The first live request makes the HTTP client and its pool.
            _ = try CurlChecksum.get(URL(string: proxy + "/download?bytes=1048576")!)
            let baseline = FuzzTests.residentKilobytes(serve.pid)
            let sampler = Sampler(pid: serve.pid)
            let relayed = try CurlChecksum.get(URL(string: proxy + "/download")!, extra: extra)
            let samples = sampler.stop()
            let direct = try Subprocess.run("curl", ["-s", upstream.url(.downloadSHA256).absoluteString]).stdout
            return Measured(
                baseline: baseline, samples: samples, relayed: relayed,
                direct: direct.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func a100MBLiveDownloadArrivesWholeWithTheServersMemoryFlat() async throws {
        let measured = try await Self.measure(curl: [])
        let peak = measured.samples.max() ?? 0
        print(
            "live 100 MiB download: RSS \(measured.baseline) KiB before, peak \(peak) KiB over \(measured.samples.count) samples"
        )
        #expect(measured.relayed.status == 200)
        #expect(measured.relayed.bytes == 100 * 1024 * 1024)
        #expect(measured.relayed.sha256 == measured.direct)
        #expect(measured.samples.count > 5, "too few RSS samples to say anything")
        #expect(
            peak - measured.baseline < Self.allowedGrowthKiB, "RSS \(measured.baseline) KiB before, \(peak) KiB peak")
    }

    /// curl reads 4 MB/s and gives up after 6 s (about 24 MB of the 100):
    /// had the server read the upstream as fast as it could, the rest of the
    /// body would be waiting in its memory.
    @Test func aSlowClientOnALargeLiveBodyKeepsTheServersMemoryFlat() async throws {
        let measured = try await Self.measure(curl: ["--limit-rate", "4M", "--max-time", "6"])
        let peak = measured.samples.max() ?? 0
        print(
            "live 100 MiB to a 4 MB/s client: \(measured.relayed.bytes) bytes in 6 s, RSS \(measured.baseline) KiB before, peak \(peak) KiB"
        )
        #expect(measured.relayed.exitCode == 28, "curl stopped by its own --max-time")
        #expect(measured.relayed.bytes > 8 * 1024 * 1024)
        #expect(measured.relayed.bytes < 60 * 1024 * 1024)
        #expect(
            peak - measured.baseline < Self.allowedGrowthKiB, "RSS \(measured.baseline) KiB before, \(peak) KiB peak")
    }
}
