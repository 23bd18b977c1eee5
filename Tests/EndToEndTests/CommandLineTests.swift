import Foundation
import SwitchboardTestSupport
import Testing

/// The binary's commands, run as a user would run them.
@Suite struct CommandLineTests {
    let binary = RepositoryPaths.switchboardBinary.path

    @Test func checkAcceptsTheDemoFixtures() throws {
        let result = try Subprocess.run(self.binary, ["check", RepositoryPaths.fixtures.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("OK — 6 endpoints"))
    }

    @Test func checkListsEveryProblemWithPositionsAndExits1() throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - method: GTE
                    path: /a
                  - method: GET
                    path: /b
                    mode: sucess
                """)
        let result = try Subprocess.run(self.binary, ["check", fixtures.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("switchboard.yml:2:13: unknown method 'GTE' — did you mean 'GET'?"))
        #expect(result.stdout.contains("switchboard.yml:6:11: unknown mode 'sucess' — did you mean 'success'?"))
        #expect(result.stdout.contains("2 problems found"))
    }

    @Test func aBrokenManifestStopsTheServerFromStarting() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n  - { method: GET }\n")
        let result = try Subprocess.run(self.binary, ["serve", fixtures.path, "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("endpoint has no 'path'"))
        #expect(result.stderr.contains("nothing was started"))
    }

    @Test func aPortInUseIsOneSentenceAndExit1() throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let result = try Subprocess.run(
            self.binary, ["serve", RepositoryPaths.fixtures.path, "--port", String(server.port)])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "switchboard: port \(server.port) on 127.0.0.1 is already in use — stop the program using it, or pick another port with --port (0 picks a free one)\n"
        )
    }

    @Test func withoutATerminalTheScreenPointsAtServe() throws {
        let result = try Subprocess.run(self.binary, [RepositoryPaths.fixtures.path, "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("run `switchboard serve`"))
    }

    @Test func aBadPortIsAUsageError() throws {
        let result = try Subprocess.run(self.binary, ["serve", "--port", "70000"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--port must be from 0 to 65535"))
    }

    /// More requests than the journal keeps: stdout, `--log` and `--har`
    /// each get every one of them.
    @Test func serveWritesEveryRequestEvenBeyondWhatTheJournalKeeps() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-all-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("requests.jsonl").path
        let har = directory.appendingPathComponent("session.har").path
        let serve = try ServeProcess(arguments: [
            RepositoryPaths.fixtures.path, "--port", "0", "--log", log, "--har", har, "--journal-size", "100",
        ])
        defer { serve.stop() }
        let count = 1_000
        let config = directory.appendingPathComponent("curl.cfg").path
        let request = "url = \"http://127.0.0.1:\(serve.port)/data/all/coinlist\"\noutput = \"/dev/null\"\n"
        try String(repeating: request, count: count).write(toFile: config, atomically: true, encoding: .utf8)
        let (status, printed) = try await onThread {
            try Subprocess.run("curl", ["-s", "-K", config])
            let status = serve.terminate()
            var printed = 0
            // The pipe's reader may lag behind a busy machine: wait for
            // every line, giving up only after a long silence.
            while printed < count, serve.nextLine(timeout: 15) != nil { printed += 1 }
            return (status, printed)
        }
        #expect(status == 143)
        #expect(printed == count)
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(logged.count == count)
        let entries = try await onThread {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har)))
            return (((document as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.count
        }
        #expect(entries == count)
        #expect(!FileManager.default.fileExists(atPath: har + ".partial"))
    }

    @Test func servePrintsOneJSONLinePerRequest() throws {
        let serve = try ServeProcess(arguments: [RepositoryPaths.fixtures.path, "--port", "0"])
        defer { serve.stop() }
        #expect(try CurlTiming.get(URL(string: "http://127.0.0.1:\(serve.port)/weather?lat=1&lon=2")!).status == 200)
        let line = try #require(serve.nextLine())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["method"] as? String == "GET")
        #expect(json["path"] as? String == "/weather")
        #expect(json["query"] as? String == "lat=1&lon=2")
        #expect(json["status"] as? Int == 200)
        #expect(json["endpoint"] as? String == "weather")
        #expect(json["mode"] as? String == "success")
        #expect(json["unmatched"] as? Bool == false)
        #expect(json["duration_ms"] is Double || json["duration_ms"] is Int)
        #expect(serve.terminate() == 143)
    }
}
