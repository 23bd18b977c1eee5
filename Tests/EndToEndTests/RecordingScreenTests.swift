import Foundation
import SwitchboardTestSupport
import Testing

/// The whole recording flow on the real binary in a real terminal: in front
/// of an upstream, a row appears for what went through, flips to an error
/// and back, `w` keeps its answer, and the answer outlives the upstream.
@Suite(.serialized) struct RecordingScreenTests {
    /// A copy of the demo fixtures: recording writes into the folder.
    func demoCopy() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("record-e2e-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: RepositoryPaths.fixtures, to: copy)
        return copy
    }

    /// The endpoint row for `path`, as the screen shows it (above the log).
    func row(_ path: String, in screen: String) -> Substring? {
        screen.split(separator: "\n").prefix { !$0.contains("REQUESTS") }.first {
            $0.split(separator: " ").contains(Substring(path))
        }
    }

    @Test func aRowSeenLiveFlipsToAnErrorIsRecordedWithWAndAnswersOnceTheUpstreamIsGone() async throws {
        let folder = try self.demoCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestUpstream.start().serving { upstream in
            let (session, port) = try await TmuxSession.startScreen(
                folder.path, height: 44, extra: ["--upstream", upstream.baseURL.absoluteString])
            try await session.serving { session in
                let url = URL(string: "http://127.0.0.1:\(port)/json")!

                let live = try await HTTPClient.send(url)
                #expect(live.status == 200)
                #expect(
                    await session.waitForScreen { self.row("/json", in: $0)?.contains("live") == true },
                    "\(session.screenForMessage())")

                // The new row is the last one: select it and pick server_error (3).
                try await session.send("G", "3")
                #expect(
                    await session.waitForScreen { self.row("/json", in: $0)?.contains("server_error") == true },
                    "\(session.screenForMessage())")
                #expect(try await HTTPClient.send(url).status == 500)
                // Back to live (its starting mode), and keep its answer.
                try await session.send("r")
                #expect(
                    await session.waitForScreen { self.row("/json", in: $0)?.contains("live") == true },
                    "\(session.screenForMessage())")
                try await session.send("w")
                #expect(
                    await session.waitForScreen {
                        $0.contains("recorded get-json → \(folder.path)/recorded/get-json.json")
                    }, "\(session.screenForMessage())")

                await upstream.stop()
                let offline = try await HTTPClient.send(url)
                #expect(offline.status == 200)
                let liveJSON = try JSONSerialization.jsonObject(with: live.body) as? NSDictionary
                let offlineJSON = try JSONSerialization.jsonObject(with: offline.body) as? NSDictionary
                #expect(liveJSON != nil && liveJSON == offlineJSON)
                let manifest = try String(contentsOf: folder.appendingPathComponent("switchboard.yml"), encoding: .utf8)
                #expect(manifest.contains("id: get-json"))
                try await session.quit()
            }
        }
    }

    @Test func wOnAnUnmatchedLogLineWritesAStubThatAnswersAndReloadsWhenEdited() async throws {
        let folder = try self.demoCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (session, port) = try await TmuxSession.startScreen(folder.path, height: 44)
        try await session.serving { session in
            let url = URL(string: "http://127.0.0.1:\(port)/nope")!
            #expect(try await HTTPClient.send(url).status == 404)
            #expect(await session.waitForScreen { $0.contains("UNMATCHED") })

            try await session.send("Tab", "w")
            #expect(
                await session.waitForScreen {
                    $0.contains("wrote a stub for get-nope → \(folder.path)/recorded/get-nope")
                },
                "\(session.screenForMessage())")
            let stub = try await HTTPClient.send(url)
            #expect(stub.status == 200)
            #expect(stub.text.contains("Switchboard wrote this stub for GET /nope"))

            // The user edits the stub; the fixture watcher reloads it. (That
            // the screen then says so is RecordKeysTests': here the edit
            // can land in the same reload as the watcher's echo of the
            // recording.)
            try Data(#"{"edited": true}"#.utf8).write(to: folder.appendingPathComponent("recorded/get-nope.json"))
            #expect(await waitUntil(timeout: 20) { (try? await HTTPClient.send(url).text) == #"{"edited": true}"# })
            try await session.quit()
        }
    }

    @Test func startedWithoutAFixturesFolderWCreatesItAndEditsReload() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestUpstream.start().serving { upstream in
            let (session, port) = try await TmuxSession.startScreen(
                folder.path, height: 44, extra: ["--upstream", upstream.baseURL.absoluteString])
            try await session.serving { session in
                let url = URL(string: "http://127.0.0.1:\(port)/json")!
                #expect(try await HTTPClient.send(url).status == 200)
                #expect(
                    await session.waitForScreen { self.row("/json", in: $0) != nil }, "\(session.screenForMessage())")

                try await session.send("w")
                #expect(
                    await session.waitForScreen { $0.contains("started without a fixtures folder: created") },
                    "\(session.screenForMessage())")
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("switchboard.yml").path))

                try Data(#"{"edited": true}"#.utf8).write(to: folder.appendingPathComponent("recorded/get-json.json"))
                #expect(
                    await waitUntil(timeout: 20) { (try? await HTTPClient.send(url).text) == #"{"edited": true}"# })
                try await session.quit()
            }
        }
    }
}
