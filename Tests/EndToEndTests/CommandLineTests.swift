import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The binary's commands, run as a user would run them.
@Suite struct CommandLineTests {
    let binary = RepositoryPaths.switchboardBinary.path

    @Test func checkAcceptsTheDemoFixtures() async throws {
        let result = try await Subprocess.run(self.binary, ["check", RepositoryPaths.fixtures.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("OK — 7 endpoints, 1 resource, 3 latency profiles"))
    }

    @Test func aMistypedCommandIsNamedNotTakenForAFolder() async throws {
        let result = try await Subprocess.run(self.binary, ["statsu"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command 'statsu' — did you mean 'status'?"))
        // A folder of that name is still a fixtures folder: the screen is
        // started on it (and here says it needs a terminal).
        let parent = try TemporaryFixtures(manifest: "endpoints: []\n")
        try FileManager.default.createDirectory(
            at: parent.url.appendingPathComponent("statsu"), withIntermediateDirectories: true)
        let folder = try await Subprocess.run("/bin/sh", ["-c", "cd '\(parent.path)' && '\(self.binary)' statsu"])
        #expect(folder.status != 64)
        #expect(!folder.stderr.contains("unknown command"))
    }

    @Test func checkListsEveryProblemWithPositionsAndExits1() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - method: GTE
                    path: /a
                  - method: GET
                    path: /b
                    mode: sucess
                """)
        let result = try await Subprocess.run(self.binary, ["check", fixtures.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("switchboard.yml:2:13: unknown method 'GTE' — did you mean 'GET'?"))
        #expect(result.stdout.contains("switchboard.yml:6:11: unknown mode 'sucess' — did you mean 'success'?"))
        #expect(result.stdout.contains("2 problems found"))
    }

    @Test func aBrokenManifestStopsTheServerFromStarting() async throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n  - { method: GET }\n")
        let result = try await Subprocess.run(self.binary, ["serve", fixtures.path, "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("endpoint has no 'path'"))
        #expect(result.stderr.contains("nothing was started"))
    }

    @Test func anAliasBombIsRefusedByCheckAndAtStart() async throws {
        let bomb = RepositoryPaths.root.appendingPathComponent(
            "Tests/SwitchboardCoreTests/BrokenManifests/22-alias-bomb")
        for arguments in [["check", bomb.path], ["serve", bomb.path, "--port", "0"]] {
            let binary = self.binary
            let result = try await onThread { try Subprocess.run(binary, arguments) }
            #expect(result.status == 1)
            #expect(
                (result.stdout + result.stderr).contains(
                    "switchboard.yml:5:45: the YAML aliases here expand to more than 100,000 values"))
        }
    }

    @Test func serveWarnsWhenAReloadLeavesNoEndpoints() async throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n  - { method: GET, path: /a }\n")
        let line = try await onThread {
            let serve = try ServeProcess(arguments: [fixtures.path, "--port", "0"])
            defer { serve.stop() }
            // Whole, as an editor saves: written in place, a reload could
            // catch the file empty and report that instead.
            try Data("endpoints: []\n".utf8).write(
                to: URL(fileURLWithPath: fixtures.path).appendingPathComponent("switchboard.yml"), options: .atomic)
            return serve.nextErrorLine()
        }
        #expect(line == "switchboard: warning: the fixtures now declare no endpoints; every request answers 404")
    }

    @Test func aPortInUseIsOneSentenceAndExit1() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let result = try await Subprocess.run(
                self.binary, ["serve", RepositoryPaths.fixtures.path, "--port", String(server.port)])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "switchboard: port \(server.port) on 127.0.0.1 is already in use — stop the program using it, or pick another port with --port (0 picks a free one)\n"
            )
        }
    }

    @Test func withoutATerminalTheScreenPointsAtServe() async throws {
        let result = try await Subprocess.run(self.binary, [RepositoryPaths.fixtures.path, "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("run `switchboard serve`"))
    }

    @Test func aBadPortIsAUsageError() async throws {
        let result = try await Subprocess.run(self.binary, ["serve", "--port", "70000"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--port must be from 0 to 65535"))
    }

    @Test(arguments: [
        ("--max-body-size", "5XB", "(like 512KB or 10MB)"), ("--max-header-size", "big", "(like 64KB)"),
        ("--idle-timeout", "0s", "(like 30s)"), ("--header-timeout", "soon", "(like 10s or 500ms)"),
    ])
    func aSizeOrTimeoutThatIsNotOneIsAUsageErrorShowingTheForm(flag: String, value: String, form: String)
        async throws
    {
        let result = try await Subprocess.run(self.binary, ["serve", "--port", "0", flag, value])
        #expect(result.status == 64)
        #expect(result.stderr.contains("The value '\(value)' is invalid for '\(flag) <"))
        #expect(result.stderr.contains(form))
    }

    @Test(arguments: ["--idle-timeout", "--header-timeout", "--body-timeout", "--upstream-read-timeout"])
    func aHugeTimeoutIsAUsageError(flag: String) async throws {
        for value in ["99999999999999s", "1e400s", "nan s", "0x10s", "infs"] {
            let result = try await Subprocess.run(self.binary, ["serve", "--port", "0", flag, value])
            #expect(result.status == 64)
            #expect(result.stderr.contains("The value '\(value)' is invalid for '\(flag) <"))
        }
    }

    /// A hot reload reads the manifest as `check` does: a number too large
    /// for the server must be a diagnostic there, not a trap (SIGILL).
    @Test func checkReportsAHugeNumberWhereItIsWritten() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: a, method: GET, path: /a, toxics: "slow_close:99999999999999s" }
                latency_profiles:
                  slow: 99999999999999s
                """)
        let result = try await Subprocess.run(self.binary, ["check", fixtures.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "switchboard.yml:2:45: 'slow_close:99999999999999s' is not a toxic: slow_close takes a delay up to 600s"
            ))
        #expect(
            result.stdout.contains(
                "switchboard.yml:4:9: latency profile 'slow' '99999999999999s' is more than 86400s — write at most 86400s"
            ))
    }

    @Test func anEmptyOrShortControlTokenIsAUsageError() async throws {
        let empty = try await Subprocess.run(self.binary, ["serve", "--port", "0", "--control-token", ""])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("--control-token is empty; a control token needs at least 16 characters"))
        let short = try await Subprocess.run(
            "env", ["SWITCHBOARD_CONTROL_TOKEN=fifteen-chars-x", self.binary, "serve", "--port", "0"])
        #expect(short.status == 64)
        #expect(short.stderr.contains("SWITCHBOARD_CONTROL_TOKEN has only 15 characters"))
    }

    @Test func theControlTokenComesFromTheEnvironmentAndTheOptionWins() async throws {
        let fromEnvironment = "token-from-the-environment"
        let fromOption = "sixteen-chars-xy"
        func status(_ port: Int, _ token: String?) async throws -> Int {
            try await CurlTiming.get(
                URL(string: "http://127.0.0.1:\(port)/__switchboard/endpoints")!,
                extra: token.map { ["-H", "Authorization: Bearer \($0)"] } ?? []
            ).status
        }
        let environment = ["SWITCHBOARD_CONTROL_TOKEN": fromEnvironment]
        let serve = try await ServeProcess.start(
            arguments: [RepositoryPaths.fixtures.path, "--port", "0"], environment: environment)
        try await serve.serving { serve in
            #expect(try await status(serve.port, nil) == 401)
            #expect(try await status(serve.port, fromEnvironment) == 200)
            let both = try await ServeProcess.start(
                arguments: [RepositoryPaths.fixtures.path, "--port", "0", "--control-token", fromOption],
                environment: environment)
            try await both.serving { both in
                let withTheEnvironments = try await status(both.port, fromEnvironment)
                #expect(withTheEnvironments == 401)
                let withTheOptions = try await status(both.port, fromOption)
                #expect(withTheOptions == 200)
            }
        }
    }

    /// More requests than the journal keeps: stdout, `--log` and `--har`
    /// each get every one of them.
    @Test func serveWritesEveryRequestEvenBeyondWhatTheJournalKeeps() async throws {
        let scratch = try ScratchFolder("sb-all")
        defer { scratch.remove() }
        let log = scratch.path("requests.jsonl")
        let har = scratch.path("session.har")
        let stdout = scratch.path("stdout.jsonl")
        let serve = try await ServeProcess.start(
            arguments: [
                RepositoryPaths.fixtures.path, "--port", "0", "--log", log, "--har", har, "--journal-size", "100",
            ], stdoutFile: stdout)
        try await serve.serving { serve in
            let count = 1_000
            let config = scratch.path("curl.cfg")
            let request = "url = \"http://127.0.0.1:\(serve.port)/data/all/coinlist\"\noutput = \"/dev/null\"\n"
            try String(repeating: request, count: count).write(toFile: config, atomically: true, encoding: .utf8)
            let status = try await onThread {
                try Subprocess.run("curl", ["-s", "-K", config])
                return serve.terminate()
            }
            #expect(status == 143)
            let printed = try String(contentsOfFile: stdout, encoding: .utf8).split(separator: "\n")
            #expect(printed.count == count)
            let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            #expect(logged.count == count)
            let entries = try await onThread {
                let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har)))
                return (((document as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.count
            }
            #expect(entries == count)
            #expect(!FileManager.default.fileExists(atPath: har + ".partial"))
        }
    }

    @Test func servePrintsOneJSONLinePerRequest() async throws {
        let serve = try await ServeProcess.start(arguments: [RepositoryPaths.fixtures.path, "--port", "0"])
        try await serve.serving { serve in
            #expect(
                try await CurlTiming.get(URL(string: "http://127.0.0.1:\(serve.port)/weather?lat=1&lon=2")!).status
                    == 200)
            let line = try #require(await serve.nextLine())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(json["method"] as? String == "GET")
            #expect(json["path"] as? String == "/weather")
            #expect(json["query"] as? String == "lat=1&lon=2")
            #expect(json["status"] as? Int == 200)
            #expect(json["endpoint"] as? String == "weather")
            #expect(json["mode"] as? String == "success")
            #expect(json["unmatched"] as? Bool == false)
            #expect(json["duration_ms"] is Double || json["duration_ms"] is Int)
            #expect(await serve.terminate() == 143)
        }
    }

    @Test func serveQuietPrintsNoLinesAndTheLogStillHasEveryRequest() async throws {
        let scratch = try ScratchFolder("sb-quiet")
        defer { scratch.remove() }
        let log = scratch.path("requests.jsonl")
        let stdout = scratch.path("stdout.jsonl")
        let serve = try await ServeProcess.start(
            arguments: [RepositoryPaths.fixtures.path, "--port", "0", "--quiet", "--log", log], stdoutFile: stdout)
        try await serve.serving { serve in
            let url = URL(string: "http://127.0.0.1:\(serve.port)/data/all/coinlist")!
            for _ in 0..<3 {
                let status = try await CurlTiming.get(url).status
                #expect(status == 200)
            }
            #expect(await serve.terminate() == 143)
            #expect(try String(contentsOfFile: stdout, encoding: .utf8).isEmpty)
            #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 3)
        }
    }

    @Test func urlFileHoldsTheChosenURLWhileServingAndGoesOnExit() async throws {
        let folder = try TemporaryFixtures(manifest: "endpoints:\n  - { method: GET, path: /a }\n")
        let urlFile = folder.url.appendingPathComponent("url").path
        let serve = try await ServeProcess.start(arguments: [folder.path, "--port", "0", "--url-file", urlFile])
        try await serve.serving { serve in
            // The banner comes after the file is written.
            let written = try String(contentsOfFile: urlFile, encoding: .utf8)
            #expect(written == "http://127.0.0.1:\(serve.port)\n")
            #expect(await serve.terminate() == 143)
            #expect(!FileManager.default.fileExists(atPath: urlFile))
        }
    }

    @Test func controlCommandsFindTheServerThroughSWITCHBOARD_URL() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let result = try await Subprocess.run(
                "env", ["SWITCHBOARD_URL=http://127.0.0.1:\(server.port)", self.binary, "set", "login", "error"])
            #expect(result.status == 0)
            let snapshot = server.panel.snapshot()
            let login = try #require(snapshot.manifest.endpoints.firstIndex { $0.id == "login" })
            #expect(snapshot.rows[login].setting.mode == .error)
        }
    }

    @Test func setTakesACountRuleAndSaysWhatABadCountTakes() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let environment = "SWITCHBOARD_URL=http://127.0.0.1:\(server.port)"
            let result = try await Subprocess.run("env", [environment, self.binary, "set", "weather", "fail_first:2"])
            #expect(result.status == 0)
            #expect(result.stdout == "weather: fail_first:2, latency none\n")
            let snapshot = server.panel.snapshot()
            let weather = try #require(snapshot.manifest.endpoints.firstIndex { $0.id == "weather" })
            #expect(snapshot.rows[weather].setting.mode == .rule(.failFirst(2)))
            let refused = try await Subprocess.run("env", [environment, self.binary, "set", "weather", "every:1"])
            #expect(refused.status != 0)
            #expect(
                refused.stderr.contains("every takes a count from 2 to 1000000, e.g. 'every:3'"), "\(refused.stderr)")
        }
    }

    /// A child that kept a copy of a test server's socket held its clients
    /// up after the server closed (a run once hung for minutes on that).
    @Test func programsTheTestsRunInheritNoDescriptorsButTheStandardOnes() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let result = try await Subprocess.run("sh", ["-c", "ls /proc/$$/fd"])
            #expect(result.stdout.split(separator: "\n").sorted() == ["0", "1", "2"])
        }
    }

    /// stdout is a pipe nobody reads (a paused pager): SIGTERM still ends
    /// serve, saying what was not written, instead of waiting for ever.
    @Test func serveQuitsWhenNobodyReadsItsStdout() async throws {
        let pipe = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        let urlFile = FileManager.default.temporaryDirectory.appendingPathComponent("url-\(UUID().uuidString)")
        let pid = try Subprocess.spawn(
            self.binary, ["serve", RepositoryPaths.fixtures.path, "--port", "0", "--url-file", urlFile.path],
            stdin: .path("/dev/null"), stdout: .descriptor(pipe.fileHandleForWriting.fileDescriptor),
            stderr: .path(errors.path))
        try pipe.fileHandleForWriting.close()
        // The file appears whole once serve listens (written beside, renamed).
        let published = { try? String(contentsOf: urlFile, encoding: .utf8).trimmingCharacters(in: .newlines) }
        let listening = await waitUntil { published() != nil }
        let url = published()
        let status = try await onThread { () throws -> Int32 in
            defer { kill(pid, SIGKILL) }
            guard listening, let url else { return -1 }
            // Far more lines than a pipe holds (64 KB).
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: config) }
            let request = "url = \"\(url)/data/all/coinlist\"\noutput = \"/dev/null\"\n"
            try String(repeating: request, count: 2_000).write(to: config, atomically: true, encoding: .utf8)
            try Subprocess.run("curl", ["-s", "-K", config.path])
            kill(pid, SIGTERM)
            return Subprocess.wait(for: pid)
        }
        withExtendedLifetime(pipe) {}
        #expect(listening, "serve never wrote \(urlFile.path)")
        #expect(status == 143)
        let said = try String(contentsOf: errors, encoding: .utf8)
        #expect(said.contains("stdout stopped taking writes"), "stderr: \(said)")
    }
}
