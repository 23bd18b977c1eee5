import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The HAR and requests exports of a large journal are streamed: other
/// requests are answered meanwhile, and the bytes are those of the
/// whole-document writer.
@Suite struct JournalExportTests {
    /// 10,000 requests with 512-byte response bodies: a HAR of about 12 MB.
    static func fullJournal(bodyRepeats: Int = 40) -> RequestJournal {
        // Room for one more: the other request is journaled too.
        let journal = RequestJournal(capacity: 10_001, detailBudget: 128 * 1024 * 1024)
        let body = Array(String(repeating: "{\"coin\":\"x\"},", count: bodyRepeats).utf8)
        for number in 1...10_000 {
            var entry = JournalEntry(
                time: 1_763_812_862 + Double(number) / 1000, method: "GET", target: "/data/\(number)?page=2",
                status: .answered(number % 7 == 0 ? 500 : 200), duration: .milliseconds(2), endpointID: "coinlist",
                mode: number % 7 == 0 ? .serverError : .success, latency: nil)
            if number % 10 == 0 { entry.unmatched = Unmatched(closestID: "a", closest: "GET /a", reason: "x") }
            entry.details = FakeExchange(
                requestHeaders: [("Host", "127.0.0.1"), ("Authorization", "Bearer secret")],
                responseHeaders: [("Content-Type", "application/json")], responseBody: body)
            journal.record(entry)
        }
        return journal
    }

    /// An export is a response being sent, not an idle connection: one that
    /// takes longer than the idle timeout is not cut short.
    @Test func anExportLongerThanTheIdleTimeoutArrivesWhole() async throws {
        // Small bodies: a HAR of a few MB, which curl reads at 1 MB/s, so
        // that sending it takes seconds, several idle timeouts; that timeout
        // is long enough for curl to start and send its request on a loaded
        // machine (250 ms was not). curl's own limit only stops a stuck
        // run: a debug build beside a loaded suite took more than 60 s to
        // write the 10,000 entries (a failure of time, not of the timeout).
        let journal = try await onThread { Self.fullJournal(bodyRepeats: 1) }
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let server = try RunningServer(
            panel: ControlPanel(manifest: manifest), limits: ServerLimits(idleTimeout: .seconds(1)),
            journal: journal, threads: 1)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let curl = try await onThread {
            defer { server.stop() }
            return try Subprocess.run(
                "curl",
                [
                    "-s", "--max-time", "300", "--limit-rate", "1M", "-o", file.path,
                    server.url("/__switchboard/har").absoluteString,
                ])
        }
        #expect(curl.status == 0, "curl: \(curl.stderr)")
        let entries = try await onThread {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            return (((document as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.count
        }
        #expect(entries == 10_000)
    }

    @Test func aLargeHARIsStreamedWhileAnotherRequestIsAnswered() async throws {
        let journal = try await onThread { Self.fullJournal() }
        // One event loop: a loop busy building the document would hold up
        // the other request.
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let server = try RunningServer(panel: ControlPanel(manifest: manifest), journal: journal, threads: 1)
        try await server.serving { server in
            let port = server.port
            let expected = try await onThread {
                HARWriter.document(
                    entries: journal.entries(after: 0).entries, serverURL: "http://127.0.0.1:\(port)", redact: true)
            }
            let export = try #require(await RawHTTP.connect(port: port, timeout: 30))
            defer { close(export) }
            let request = Array("GET /__switchboard/har HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(export, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The head and the first bytes of the body arrive; the rest waits
            // for this client to read, which it does not yet.
            let received = try await onThread { try Self.read(export, atLeast: 64 * 1024) }
            let head = String(decoding: received.prefix(512), as: UTF8.self).lowercased()
            #expect(head.hasPrefix("http/1.1 200"))
            #expect(head.contains("transfer-encoding: chunked") && !head.contains("content-length"))
            let other = try await HTTPClient.send(server.url("/data/all/coinlist"))
            #expect(other.status == 200)
            // Answered while the export has not finished: about 12 MB, more
            // than socket buffers hold, is still unread.
            let (same, count) = try await onThread { [received] in
                let body = try Self.dechunk(received + Self.readToEnd(export))
                let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
                let entries = (parsed?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
                return (body == Array(expected.utf8), entries?.count)
            }
            #expect(same)
            #expect(count == 10_000)
        }
    }

    /// The figure: a 10,000-entry HAR export being read at full
    /// speed delays a request on the same (only) loop by a few milliseconds.
    /// Not a window on one request: the median of several, against the
    /// median of the same request without the export, with a generous bound
    /// (the machine may be busy with other builds).
    @Test func aHARExportBeingSentDelaysARequestOnTheSameLoopByLittle() async throws {
        let journal = try await onThread { Self.fullJournal() }
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let server = try RunningServer(panel: ControlPanel(manifest: manifest), journal: journal, threads: 1)
        try await server.serving { server in
            let url = server.url("/data/all/coinlist")
            let clock = ContinuousClock()
            func timed() async throws -> (took: Duration, ended: ContinuousClock.Instant) {
                let start = clock.now
                let response = try await HTTPClient.send(url)
                #expect(response.status == 200)
                let end = clock.now
                return (end - start, end)
            }
            func median(_ times: [Duration]) -> Duration { times.sorted()[times.count / 2] }
            _ = try await timed()
            var alone: [Duration] = []
            for _ in 0..<9 { alone.append(try await timed().took) }

            let export = try #require(await RawHTTP.connect(port: server.port, timeout: 30))
            defer { close(export) }
            let request = Array("GET /__switchboard/har HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(export, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            let reading = Task {
                let bytes = try await onThread { try Self.readToEnd(export).count }
                return (bytes, clock.now)
            }
            var during: [(took: Duration, ended: ContinuousClock.Instant)] = []
            for _ in 0..<9 { during.append(try await timed()) }
            let (exported, exportEnded) = try await reading.value
            let overlapping = during.filter { $0.ended < exportEnded }.count
            let (quiet, busy) = (median(alone), median(during.map(\.took)))
            print(
                "HAR export, 10,000 entries, \(exported) bytes: a request on the same loop took \(quiet) alone,"
                    + " \(busy) during the export (medians of 9; \(overlapping) of 9 ended before the export did)")
            #expect(exported > 10_000_000)
            #expect(busy - quiet < .milliseconds(50))
        }
    }

    @Test func theRequestsListIsTheSameStreamedAsWhole() async throws {
        let journal = try await onThread { Self.fullJournal() }
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let server = try RunningServer(panel: ControlPanel(manifest: manifest), journal: journal)
        try await server.serving { server in
            let cases = try await onThread {
                let all = journal.entries(after: 0).entries
                func list(_ entries: some Sequence<JournalEntry>) -> String {
                    "[" + entries.map(\.jsonLine).joined(separator: ",\n") + "]"
                }
                return [
                    ("", list(all)), ("?limit=3", list(all.suffix(3))),
                    ("?unmatched=true&limit=2", list(all.filter { $0.unmatched != nil }.suffix(2))),
                    ("?unmatched=false", list(all.filter { $0.unmatched == nil })),
                    ("?endpoint=nope", "[]"), ("?limit=0", "[]"),
                ]
            }
            for (query, expected) in cases {
                let response = try await HTTPClient.send(server.url("/__switchboard/requests" + query))
                #expect(response.status == 200)
                #expect(response.text == expected, "\(query)")
            }
        }
    }

    /// Reads until at least `count` bytes came.
    static func read(_ socket: Int32, atLeast count: Int) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < count {
            let got = recv(socket, &buffer, buffer.count, 0)
            guard got > 0 else { throw ExportFailure(description: "connection ended after \(received.count) bytes") }
            received += buffer[0..<got]
        }
        return received
    }

    /// Reads until the last chunk (`0\r\n\r\n`) came.
    static func readToEnd(_ socket: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let end = Array("\r\n0\r\n\r\n".utf8)
        while !received.suffix(end.count).elementsEqual(end) {
            let got = recv(socket, &buffer, buffer.count, 0)
            guard got > 0 else { throw ExportFailure(description: "connection ended before the last chunk") }
            received += buffer[0..<got]
        }
        return received
    }

    /// The body of a chunked response (head included in `response`).
    static func dechunk(_ response: [UInt8]) throws -> [UInt8] {
        let separator = Array("\r\n\r\n".utf8)
        guard let headEnd = response.indices.first(where: { response[$0...].starts(with: separator) }) else {
            throw ExportFailure(description: "no head")
        }
        var index = headEnd + 4
        var body: [UInt8] = []
        while true {
            guard let lineEnd = response[index...].firstIndex(of: UInt8(ascii: "\r")),
                let size = Int(String(decoding: response[index..<lineEnd], as: UTF8.self), radix: 16)
            else { throw ExportFailure(description: "bad chunk at \(index)") }
            if size == 0 { return body }
            body += response[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
    }
}

struct ExportFailure: Error, CustomStringConvertible {
    let description: String
}
