import Foundation
import SwitchboardTestSupport
import Testing

/// The built binary in a real terminal (tmux), talked to with curl.
@Suite(.serialized) struct ScreenEndToEndTests {
    func get(_ port: Int, _ path: String, _ extra: [String] = []) async throws -> CurlTiming {
        try await CurlTiming.get(URL(string: "http://127.0.0.1:\(port)\(path)")!, extra: extra)
    }

    /// The lines of the log pane (below the REQUESTS title).
    func logLines(_ screen: String) -> [Substring] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.firstIndex(where: { $0.contains("REQUESTS") }) else { return [] }
        return Array(lines[(title + 1)...])
    }

    @Test func flipAnEndpointAndWatchTheLog() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        #expect(await session.screen().contains("GET    /data/all/coinlist"))

        #expect(try await self.get(port, "/data/all/coinlist").status == 200)
        #expect(
            await session.waitForScreen {
                self.logLines($0).contains { $0.contains("/data/all/coinlist") && $0.contains("200") }
            })

        // The first endpoint is selected: space twice → error → server_error.
        try await session.send("Space")
        #expect(await session.waitForScreen { $0.contains("error 429") })
        try await session.send("Space")
        #expect(await session.waitForScreen { $0.contains("server_error") && !$0.contains("error 429") })

        #expect(try await self.get(port, "/data/all/coinlist").status == 500)
        #expect(
            await session.waitForScreen { screen in
                let log = self.logLines(screen)
                return log.contains { $0.contains("/data/all/coinlist") && $0.contains(" 200 ") }
                    && log.contains { $0.contains("/data/all/coinlist") && $0.contains(" 500 ") }
            }, "\(session.screenForMessage())")

        // The hit count, after the latency column ("-"), went up to 2; a
        // sparkline may follow it.
        #expect(
            await session.waitForScreen { screen in
                screen.split(separator: "\n").contains { row in
                    let words = row.split(separator: " ")
                    guard words.contains("/data/all/coinlist"), let latency = words.firstIndex(of: "-") else {
                        return false
                    }
                    return words.dropFirst(latency + 1).first == "2"
                }
            }, "\(session.screenForMessage())")

        try await session.quit()
    }

    @Test func unmatchedRequestsStandOut() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        #expect(try await self.get(port, "/data/all/coinlst").status == 404)
        #expect(await session.waitForScreen { $0.contains("UNMATCHED") && $0.contains("/data/all/coinlst") })
        try await session.quit()
    }

    @Test func latencyKeySlowsTheNextRequest() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        // Down to /episodes/:episode, then `l` → the first profile (fast 100ms), twice → sluggish 500ms.
        try await session.send("Down", "Down", "l", "l")
        #expect(await session.waitForScreen { $0.contains("sluggish 500ms") })
        let timing = try await self.get(port, "/episodes/1")
        #expect(timing.status == 200)
        #expect(timing.total >= 0.5)
        try await session.quit()
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130)])
    func signalsGiveTheTerminalBack(signal: String, status: Int) async throws {
        let (session, _) = try await TmuxSession.startScreen()
        let pid = try #require(try await session.appPID())
        try await Subprocess.run("kill", ["-\(signal)", String(pid)])
        await session.expectExit(status)
    }

    @Test func ctrlCQuitsAndRestoresTheTerminal() async throws {
        let (session, _) = try await TmuxSession.startScreen()
        try await session.send("C-c")
        await session.expectExit(130)
    }

    @Test func helpOpensAndCloses() async throws {
        let (session, _) = try await TmuxSession.startScreen()
        try await session.send("?")
        #expect(await session.waitForScreen { $0.contains("any key closes") })
        try await session.send("Escape")
        #expect(await session.waitForScreen { !$0.contains("any key closes") })
        try await session.quit()
    }

    @Test func worksAt40x10() async throws {
        let (session, port) = try await TmuxSession.startScreen(width: 40, height: 10)
        #expect(try await self.get(port, "/data/all/coinlist").status == 200)
        #expect(
            await session.waitForScreen { screen in
                screen.contains("q quit") && self.logLines(screen).contains { $0.contains(" 200 ") }
            }, "\(session.screenForMessage())")
        try await session.quit()
    }

    @Test func followsResizesDownAndBackUp() async throws {
        let (session, _) = try await TmuxSession.startScreen()
        try await session.send("End")
        for (width, height) in [(40, 10), (60, 14), (45, 11), (120, 40), (100, 30)] {
            try await session.tmux(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
        }
        #expect(
            await session.waitForScreen { screen in
                [
                    "/data/all/coinlist", "/weather", "/episodes/:episode", "/api/getPerson", "/login",
                    "/images/kitten.jpg",
                ]
                .allSatisfy(screen.contains)
            }, "\(session.screenForMessage())")
        try await session.quit()
    }

    @Test func aDigitPicksANetworkFault() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        try await session.send("4")
        #expect(await session.waitForScreen { $0.contains("reset") && $0.contains("coinlist → reset") })
        let result = try await Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(port)/data/all/coinlist"])
        #expect(result.status == 56)
        #expect(
            await session.waitForScreen { self.logLines($0).contains { $0.contains("---") && $0.contains("reset") } })
        try await session.quit()
    }

    @Test func aChangeThroughTheControlAPIShowsAtOnce() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        let changed = try await self.get(
            port, "/__switchboard/endpoints/weather", ["-X", "PUT", "-d", #"{"mode":"hang"}"#])
        #expect(changed.status == 200)
        #expect(
            await session.waitForScreen(timeout: 2) {
                $0.split(separator: "\n").contains { $0.contains("/weather") && $0.contains("hang") }
            })
        #expect(try await self.get(port, "/__switchboard/scenarios/outage", ["-X", "POST"]).status == 200)
        #expect(await session.waitForScreen(timeout: 2) { $0.contains("scenario: outage") })
        try await session.quit()
    }

    @Test func enterShowsARequestsDetailsAndEscGoesBack() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        try await Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "-H", "X-Probe: 42", "http://127.0.0.1:\(port)/episodes/2"])
        #expect(await session.waitForScreen { self.logLines($0).contains { $0.contains("/episodes/2") } })
        try await session.send("Tab", "Enter")
        #expect(await session.waitForScreen { $0.contains("REQUEST HEADERS") && $0.contains("X-Probe: 42") })
        #expect(await session.screen().contains("endpoint episode (GET /episodes/:episode)"))
        try await session.send("Escape")
        #expect(await session.waitForScreen { $0.contains("ENDPOINTS") && !$0.contains("REQUEST HEADERS") })
        try await session.quit()
    }

    @Test func enterOnAnEndpointOpensWhatItServesAndFlipsNothing() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        try await session.send("Down", "Enter")
        #expect(await session.waitForScreen { $0.contains("ENDPOINT weather") && $0.contains("RESPONSES") })
        #expect(await session.screen().contains("try: curl 'http://127.0.0.1:\(port)/weather?lat=1&lon=2'"))
        try await session.send("Escape")
        #expect(await session.waitForScreen { $0.contains("ENDPOINTS") && !$0.contains("RESPONSES") })
        let status = try await Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/weather?lat=1&lon=2"])
        #expect(status.stdout == "200", "enter left the endpoint as it was")
        try await session.quit()
    }

    @Test func slashFiltersTheLog() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        for path in ["/data/all/coinlist", "/nope", "/episodes/1"] {
            try await Subprocess.run("curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(port)\(path)"])
        }
        #expect(
            await session.waitForScreen {
                self.logLines($0).filter { $0.contains(":") && $0.contains("ms") }.count == 3
            })
        try await session.send("Tab", "/")
        try await session.tmux(["send-keys", "-t", "main", "-l", "unmatched"])
        try await session.send("Enter")
        #expect(
            await session.waitForScreen { screen in
                let lines = self.logLines(screen).filter { $0.contains(" ms ") }
                return screen.contains("filter: unmatched") && lines.count == 1 && lines[0].contains("/nope")
            }, "\(session.screenForMessage())")
        try await session.quit()
    }

    @Test func logAndHARFilesAreWritten() async throws {
        let scratch = try ScratchFolder("sb-files")
        defer { scratch.remove() }
        let log = scratch.path("requests.jsonl")
        let har = scratch.path("session.har")
        let (session, port) = try await TmuxSession.startScreen(extra: ["--log", log, "--har", har])
        try await Subprocess.run(
            "curl",
            [
                "-s", "-o", "/dev/null", "-H", "Authorization: Bearer secret",
                "http://127.0.0.1:\(port)/weather?lat=1&lon=2",
            ])
        #expect(
            await waitUntil(every: .milliseconds(50)) {
                ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("/weather")
            })
        try await session.quit()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines[0].contains(#""query":"lat=1&lon=2""#))
        let document = try String(contentsOfFile: har, encoding: .utf8)
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any]
        let entries = (parsed?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
        #expect(entries?.count == 1)
        #expect(!document.contains("Bearer secret"))
        #expect(document.contains("REDACTED"))
    }
}
