import Foundation
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ten thousand random and mutated requests at the real binary over real
/// sockets. Afterwards it must still answer correctly, and its memory must
/// be back near where it started.
@Suite struct FuzzTests {
    /// Requests a client might send, the seeds of the mutations.
    static let corpus: [[UInt8]] = [
        "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /weather?lat=1&lon=2 HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n",
        "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{\"email\":\"a@b\"}\n",
        "POST /login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "HEAD /images/kitten.jpg HTTP/1.0\r\n\r\n",
        "GET /episodes/2 HTTP/1.1\r\nHost: x\r\n\r\nGET /episodes/3 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /api/getPerson?id=%22%3Cscript%3E HTTP/1.1\r\nHost: x\r\nCookie: a=b; c=d\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET http://example.com/data/all/coinlist HTTP/1.1\r\nHost: example.com\r\n\r\n",
        "GET /__switchboard/endpoints HTTP/1.1\r\nHost: x\r\n\r\n",
    ].map { Array($0.utf8) }

    /// SplitMix64: the same inputs on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            self.state &+= 0x9E37_79B9_7F4A_7C15
            var z = self.state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(self.next() % UInt64(bound)) }
    }

    static func input(_ number: Int) -> [UInt8] {
        var random = Generator(state: UInt64(number) &* 7919)
        if random.below(10) == 0 {
            // Pure noise, sometimes long.
            return (0..<(1 + random.below(random.below(4) == 0 ? 20_000 : 300))).map { _ in UInt8(random.below(256)) }
        }
        var bytes = self.corpus[random.below(self.corpus.count)]
        for _ in 0..<(1 + random.below(6)) {
            switch random.below(6) {
            case 0:  // flip a byte
                bytes[random.below(bytes.count)] = UInt8(random.below(256))
            case 1:  // insert control characters, escapes or invalid UTF-8
                let junk: [[UInt8]] = [
                    [0x1B, 0x5B, 0x32, 0x4A], [0x00], [0xFF, 0xFE], [0x07], [0x0D], [0x0A], [0xC3, 0x28],
                ]
                bytes.insert(contentsOf: junk[random.below(junk.count)], at: random.below(bytes.count + 1))
            case 2:  // cut short
                bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
            case 3:  // repeat a stretch
                let start = random.below(max(1, bytes.count))
                let end = min(bytes.count, start + random.below(64))
                bytes.insert(contentsOf: bytes[start..<end], at: end)
            case 4:  // a long header
                let header = Array("X-Fuzz: \(String(repeating: "z", count: random.below(90_000)))\r\n".utf8)
                bytes.insert(contentsOf: header, at: min(bytes.count, bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? 0))
            default:  // swap the method
                let methods = ["GET", "POST", "PUT", "DELETE", "BREW", "G E T", "get", ""]
                if let space = bytes.firstIndex(of: 0x20) {
                    bytes.replaceSubrange(0..<space, with: Array(methods[random.below(methods.count)].utf8))
                }
            }
            if bytes.isEmpty { bytes = [0x0A] }
        }
        return bytes
    }

    static func residentKilobytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func tenThousandHostileRequestsLeaveItServingAndItsMemoryFlat() async throws {
        let serve = try await ServeProcess.start(
            arguments: [RepositoryPaths.fixtures.path, "--port", "0", "--header-timeout", "1s", "--idle-timeout", "2s"])
        try await serve.serving { serve in
            let port = serve.port
            serve.discardOutput()
            let coinlist = URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!
            // Plain requests first, each on a connection of its own, so the
            // allocator has settled before memory is measured. Raw sockets,
            // not 300 curl processes: the same requests for far less time.
            let plain = Array("GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            let warmed = try await onThread {
                (0..<300).filter { _ in
                    (try? RawHTTP.exchange(port: port, bytes: plain))?.hasPrefix("HTTP/1.1 200") == true
                }
                .count
            }
            #expect(warmed == 300)
            let before = Self.residentKilobytes(serve.pid)

            let workers = 8
            let perWorker = 1_250
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        try await onThread {
                            for index in 0..<perWorker {
                                // A refused connection is the server's problem to show below, not a test error.
                                _ = try? RawHTTP.exchange(
                                    port: port, bytes: Self.input(worker * perWorker + index), timeout: 3,
                                    halfClose: true)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }

            let check = try await CurlTiming.get(coinlist)
            #expect(check.status == 200)
            #expect(check.bytes == 2836)
            let status = try await Subprocess.run("curl", ["-s", "http://127.0.0.1:\(port)/__switchboard/endpoints"])
            #expect(status.stdout.contains(#""id":"coinlist""#))
            // Let go of the journal's copies of all that input, then measure.
            try await Subprocess.run("curl", ["-s", "-X", "DELETE", "http://127.0.0.1:\(port)/__switchboard/requests"])
            let after = Self.residentKilobytes(serve.pid)
            print("fuzz: RSS \(before) KiB before, \(after) KiB after")
            #expect(after - before < 8 * 1024, "RSS \(before) KiB before, \(after) KiB after 10,000 hostile requests")
            #expect(await serve.terminate() == 143)
        }
    }
}
