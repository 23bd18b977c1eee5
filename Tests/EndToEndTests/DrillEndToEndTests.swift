import Foundation
import SwitchboardTestSupport
import Testing

/// A short drill in a real terminal: started with `s`, run to its end by
/// the server's clock, its steps as markers in order on screen, in `--log`
/// and in the `--har` file's comment.
@Suite(.serialized) struct DrillEndToEndTests {
    static let manifest = """
        endpoints:
          - { id: login, method: POST, path: /login }
          - { id: feed, method: GET, path: /feed }
        scenarios:
          quick:
            steps:
              - { at: 0s, feed: { mode: error } }
              - { at: 1s, login: { mode: server_error } }
              - { at: 2s, reset: all }
        """

    @Test func aDrillRunsToItsEndWithItsMarkersInOrder() async throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest)
        let scratch = try ScratchFolder("sb-drill")
        defer { scratch.remove() }
        let log = scratch.path("requests.jsonl")
        let har = scratch.path("session.har")
        let (session, _) = try await TmuxSession.startScreen(fixtures.path, extra: ["--log", log, "--har", har])
        try await session.send("s")
        #expect(await session.waitForScreen { $0.contains("quick") })
        try await session.send("Enter")
        let markers = [
            "drill quick started  (key)",
            "feed → error  (drill quick, step 1)",
            "login → server_error  (drill quick, step 2)",
            "all → back to the manifest  (drill quick, step 3)",
        ]
        // Polled with a deadline: the steps come on the server's clock.
        #expect(
            await session.waitForScreen { screen in
                let positions = markers.map { screen.range(of: $0)?.lowerBound }
                guard positions.allSatisfy({ $0 != nil }) else { return false }
                return positions.map { $0! } == positions.map { $0! }.sorted() && !screen.contains("drill quick 3/3")
            }, "\(session.screenForMessage())")
        try await session.quit()

        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let summaries = lines.compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let marker = object?["marker"] as? String, let by = object?["by"] as? String else { return nil }
            return "\(marker)  (\(by))"
        }
        #expect(summaries == markers)
        let document = try String(contentsOfFile: har, encoding: .utf8)
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any]
        let comment = try #require((parsed?["log"] as? [String: Any])?["comment"] as? String)
        #expect(comment.split(separator: "\n").map { String($0.drop { $0 != " " }.dropFirst(2)) } == markers)
    }
}

/// `serve` has no screen: the CLI starts a drill, the server's clock runs
/// it, and stdout says so in JSON lines among the requests.
@Suite struct ServeDrillTests {
    @Test func theCommandLineStartsADrillThatServeRunsToItsEnd() async throws {
        let fixtures = try TemporaryFixtures(manifest: DrillEndToEndTests.manifest)
        let serve = try await ServeProcess.start(arguments: [fixtures.path, "--port", "0"])
        defer { serve.stop() }
        let started = try await Subprocess.run(
            RepositoryPaths.switchboardBinary.path, ["scenario", "quick", "--url", "http://127.0.0.1:\(serve.port)"])
        #expect(started.status == 0)
        #expect(started.stdout == "drill quick started: 3 steps over 2 s; `switchboard reset` stops it\n")
        var markers: [String] = []
        while markers.count < 4, let line = await serve.nextLine(timeout: 10) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let marker = object?["marker"] as? String, let by = object?["by"] as? String {
                markers.append("\(marker)  (\(by))")
            }
        }
        #expect(
            markers == [
                "drill quick started  (CLI)",
                "feed → error  (drill quick, step 1)",
                "login → server_error  (drill quick, step 2)",
                "all → back to the manifest  (drill quick, step 3)",
            ])
    }

    @Test func theCommandLineListsADrillWithItsSteps() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: DrillEndToEndTests.manifest + "\n  outage:\n    \"*\": { mode: server_error }\n")
        let serve = try await ServeProcess.start(arguments: [fixtures.path, "--port", "0"])
        serve.discardOutput()
        try await serve.serving { serve in
            let list = try await Subprocess.run(
                RepositoryPaths.switchboardBinary.path, ["scenario", "--url", "http://127.0.0.1:\(serve.port)"])
            #expect(
                list.stdout == """
                    quick  (drill: 3 steps over 2 s)
                      at 0 s  feed: error
                      at 1 s  login: server_error
                      at 2 s  reset all
                    outage  all: server_error

                    """)
            let applied = try await Subprocess.run(
                RepositoryPaths.switchboardBinary.path,
                ["scenario", "outage", "--url", "http://127.0.0.1:\(serve.port)"])
            #expect(applied.stdout == "scenario outage applied\n")
        }
    }
}
