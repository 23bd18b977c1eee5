import Foundation
import SwitchboardControl
import SwitchboardTestSupport
import Testing

/// A rate-limited endpoint in a real terminal, hit by two real clients
/// (Python's http.client in subprocesses), one bucket each by `X-Client`:
/// one honours `Retry-After`, one comes straight back. The screen and the
/// journal both say which one ignored it.
@Suite(.serialized) struct RateLimitEndToEndTests {
    static let manifest = """
        endpoints:
          - id: quotes
            method: GET
            path: /quotes/:client
            rate_limit: 2/s
            rate_limit_key: X-Client
            success: { json: { ok: true } }
        """

    /// Asks until refused (the bucket holds 2), then either waits the
    /// `Retry-After` seconds and asks once more (`honour`), or asks twice
    /// more at once. Prints the statuses it got.
    static let client = """
        import http.client, sys, time
        port, name, honour = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "honour"
        def get():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/quotes/" + name, headers={"X-Client": name})
            response = connection.getresponse()
            response.read()
            connection.close()
            return response.status, response.getheader("Retry-After")
        statuses = []
        while not statuses or statuses[-1] != 429:
            if len(statuses) > 10:
                sys.exit("never refused: " + " ".join(map(str, statuses)))
            status, retry_after = get()
            statuses.append(status)
        if honour:
            time.sleep(int(retry_after))
            statuses.append(get()[0])
        else:
            statuses += [get()[0], get()[0]]
        print(" ".join(map(str, statuses)))
        """

    @Test func theScreenAndTheJournalShowWhichClientIgnoredRetryAfter() async throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: ["client.py": Self.client])
        let (session, port) = try await TmuxSession.startScreen(fixtures.path)
        try await session.serving { session in
            let script = fixtures.url.appendingPathComponent("client.py").path
            async let honest = Subprocess.run("python3", [script, String(port), "honest", "honour"])
            async let eager = Subprocess.run("python3", [script, String(port), "eager", "ignore"])
            let (honestRun, eagerRun) = try await (honest, eager)
            // Two 200s fill the bucket; more if the machine is slow enough
            // for a token to come back between two requests.
            let honestStatuses = honestRun.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            let eagerStatuses = eagerRun.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            let filled = { (count: Int) in [Int](repeating: 200, count: max(2, count)) }
            #expect(honestStatuses == filled(honestStatuses.count - 2) + [429, 200], "\(honestRun.stderr)")
            #expect(eagerStatuses == filled(eagerStatuses.count - 3) + [429, 429, 429], "\(eagerRun.stderr)")

            // The screen: every request drawn, the eager client's two quick
            // retries flagged, the honest client's refusal plain.
            func lines(_ screen: String, of client: String) -> [String] {
                screen.split(separator: "\n").map(String.init).filter { $0.contains("/quotes/\(client)") }
            }
            #expect(
                await session.waitForScreen { screen in
                    lines(screen, of: "honest").count == honestStatuses.count
                        && lines(screen, of: "eager").count == eagerStatuses.count
                }, "\(session.screenForMessage())")
            let screen = await session.screen()
            let eagerLines = lines(screen, of: "eager")
            let early = eagerLines.filter {
                $0.range(of: #"retried \d+\.\d s early"#, options: .regularExpression) != nil
            }
            #expect(early.count == 2, "\(screen)")
            #expect(eagerLines.filter { $0.contains("rate limited 2/s") }.count == 1, "\(screen)")
            let honestLines = lines(screen, of: "honest")
            #expect(!honestLines.contains { $0.contains("early") }, "\(screen)")
            #expect(honestLines.filter { $0.contains("rate limited 2/s") }.count == 1, "\(screen)")

            // The journal, each request told apart by the header its
            // bucket is keyed on.
            let journal = try await Subprocess.run(
                "curl", ["-sf", "http://127.0.0.1:\(port)/__switchboard/requests?details=true"])
            let records = try ControlCoding.decoder().decode([RequestRecord].self, from: Data(journal.stdout.utf8))
            func requests(of client: String) -> [RequestRecord] {
                records.filter { record in
                    record.details?.requestHeaders.contains {
                        $0.first?.lowercased() == "x-client" && $0.last == client
                    }
                        == true
                }
            }
            let honestRecords = requests(of: "honest")
            #expect(honestRecords.map(\.status) == honestStatuses)
            #expect(honestRecords.allSatisfy { $0.retriedEarlyMS == nil })
            #expect(honestRecords.filter { $0.rateLimited == "2/s" }.count == 1)
            let eagerRecords = requests(of: "eager")
            #expect(eagerRecords.map(\.status) == eagerStatuses)
            // Only the retries were early: the first refusal is the news
            // that sets the deadline; the retries came well before its 1 s.
            #expect(
                eagerRecords.map { $0.retriedEarlyMS != nil }
                    == eagerStatuses.indices.map { $0 >= eagerStatuses.count - 2 })
            #expect(eagerRecords.compactMap(\.retriedEarlyMS).allSatisfy { $0 > 0 && $0 <= 1000 })
        }
    }
}
