import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@Suite struct FixtureRecorderTests {
    static func live(
        _ method: String, _ path: String, status: Int = 200,
        headers: [(String, String)] = [("Content-Type", "application/json")],
        body: String = #"{"b":1,"a":[true]}"#, existingID: String? = nil
    ) -> RecordedExchange {
        let pattern = PathGrouping.pattern(for: RequestTarget(uri: path))
        return RecordedExchange(
            method: method, pattern: pattern, suggestedID: PathGrouping.endpointID(method: method, pattern: pattern),
            existingID: existingID,
            answer: .live(
                status: status, headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: Array(body.utf8)))
    }

    /// A copy of the demo fixtures folder.
    static func demo() throws -> TemporaryFixtures {
        let source = RepositoryPaths.fixtures
        let copy = try TemporaryFixtures(manifest: "")
        let enumerator = FileManager.default.enumerator(atPath: source.path)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: source.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if exists && !isDirectory.boolValue {
                try copy.write(name, [UInt8](try Data(contentsOf: source.appendingPathComponent(name))))
            }
        }
        return copy
    }

    static func manifestText(_ fixtures: TemporaryFixtures, _ name: String = "switchboard.yml") throws -> String {
        try String(contentsOfFile: fixtures.path + "/" + name, encoding: .utf8)
    }

    static func body(_ response: ResponseDefinition) -> String? {
        guard case .fixed(let body) = response.body, case .bytes(let bytes) = body.content else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with `old`, which must occur exactly once, replaced by `new`:
    /// what an edit that touches nothing else gives.
    static func replacingOnce(_ text: String, _ old: String, _ new: String) -> String {
        #expect(text.components(separatedBy: old).count == 2, "'\(old)' should occur once")
        return text.replacingOccurrences(of: old, with: new)
    }

    @Test(.ownThreads) func aNewEndpointIsAppendedToTheDemoInItsOwnStyleAndTheRestStaysByteForByte() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        let summary = try FixtureRecorder(directory: fixtures.path).record([Self.live("GET", "/shows/42")])
        #expect(
            summary.outcomes == [
                .init(
                    endpointID: "get-shows-id", kind: .success, bodyFile: "recorded/get-shows-id.json", change: .added)
            ])
        #expect(!summary.createdManifest)
        let kitten = #"    error: { status: 403, body: "Forbidden" }"#
        #expect(
            try Self.manifestText(fixtures)
                == Self.replacingOnce(
                    before, kitten,
                    kitten + """


                          - id: get-shows-id
                            method: GET
                            path: /shows/:id
                            success: { status: 200, file: recorded/get-shows-id.json }
                        """))
        let manifest = try ManifestLoader.load(directory: fixtures.path)
        let shows = try #require(manifest.endpoints.last { $0.resource == nil })
        #expect(shows.signature == "GET /shows/:id")
        #expect(Self.body(shows.success) == "{\n  \"b\": 1,\n  \"a\": [\n    true\n  ]\n}\n")
        #expect(manifest.scenarios.count == 4)
    }

    @Test(.ownThreads) func recordingAnErrorReplacesOnlyThatResponseAndKeepsEveryComment() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        let exchange = Self.live(
            "GET", "/data/all/coinlist", status: 429,
            headers: [("Content-Type", "application/json"), ("Retry-After", "60"), ("Set-Cookie", "s=secret")],
            body: #"{"Response":"Error"}"#, existingID: "coinlist")
        try FixtureRecorder(directory: fixtures.path).record([exchange])
        let after = try Self.manifestText(fixtures)
        let oldError = """
                  status: 429
                  headers: { Retry-After: "30" }
                  json: { Response: Error, Message: "You are over your rate limit please upgrade your account!", Type: 99 }
            """
        let newError = """
                  status: 429
                  file: recorded/coinlist.error.json
                  headers: { Retry-After: "60" }
            """
        #expect(after == Self.replacingOnce(before, oldError, newError))
        #expect(after.contains("# No max-age here: a browser would answer from its cache for that long"))
        #expect(!after.contains("secret"))
        let coinlist = try #require(
            try ManifestLoader.load(directory: fixtures.path).endpoints.first { $0.id == "coinlist" })
        #expect(coinlist.error.status == 429)
        #expect(coinlist.error.headers == [HeaderField(name: "Retry-After", value: "60")])
        #expect(Self.body(coinlist.error) == "{\n  \"Response\": \"Error\"\n}\n")
    }

    @Test(.ownThreads) func aServerErrorIsAddedToAnEndpointThatHadNone() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        let exchange = Self.live(
            "POST", "/login", status: 503, headers: [("Content-Type", "text/html; charset=utf-8")],
            body: "<h1>down</h1>",
            existingID: "login")
        try FixtureRecorder(directory: fixtures.path).record([exchange])
        let loginError = #"      json: { error: invalid_credentials, message: "Email or password is incorrect" }"#
        #expect(
            try Self.manifestText(fixtures)
                == Self.replacingOnce(
                    before, loginError,
                    loginError + "\n    server_error: { status: 503, file: recorded/login.server_error.html }"))
        let login = try #require(try ManifestLoader.load(directory: fixtures.path).endpoints.first { $0.id == "login" })
        #expect(login.serverError.status == 503)
        #expect(Self.body(login.serverError) == "<h1>down</h1>")
        #expect(login.error.status == 401)
    }

    @Test(.ownThreads) func recordingTheSameEndpointTwiceUpdatesIt() throws {
        let fixtures = try Self.demo()
        let recorder = FixtureRecorder(directory: fixtures.path)
        try recorder.record([Self.live("GET", "/shows/1", body: #"{"n":1}"#)])
        let once = try Self.manifestText(fixtures)
        let summary = try recorder.record([Self.live("GET", "/shows/2", body: #"{"n":2}"#)])
        #expect(summary.outcomes.map(\.change) == [.updated])
        #expect(try Self.manifestText(fixtures) == once)
        let manifest = try ManifestLoader.load(directory: fixtures.path)
        #expect(manifest.endpoints.filter { $0.path.description == "/shows/:id" }.count == 1)
        #expect(Self.body(manifest.endpoints.last { $0.resource == nil }!.success) == "{\n  \"n\": 2\n}\n")
        // Seen again as the endpoint the request matched: the same.
        try recorder.record([Self.live("GET", "/shows/3", body: #"{"n":3}"#, existingID: "get-shows-id")])
        #expect(try Self.manifestText(fixtures) == once)
    }

    @Test func everyEndpointSeenIsRecordedInOneWrite() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        let summary = try FixtureRecorder(directory: fixtures.path).record([
            Self.live("GET", "/a/1"), Self.live("GET", "/b"),
            Self.live("DELETE", "/a/2", status: 204, headers: [], body: ""),
            Self.live("GET", "/a/3", status: 404, body: #"{"error":"nope"}"#),
        ])
        #expect(summary.outcomes.map(\.endpointID) == ["get-a-id", "get-b", "delete-a-id", "get-a-id"])
        #expect(summary.outcomes.map(\.change) == [.added, .added, .added, .updated])
        let manifest = try ManifestLoader.load(directory: fixtures.path)
        // The demo's seven, three added; the resource's six after them.
        #expect(manifest.endpoints.count { $0.resource == nil } == 10)
        let deleted = try #require(manifest.endpoints.first { $0.id == "delete-a-id" })
        #expect(deleted.success.status == 204)
        #expect(Self.body(deleted.success) == "")
        let a = try #require(manifest.endpoints.first { $0.id == "get-a-id" })
        #expect(a.error.status == 404)
        #expect(Self.body(a.error) == "{\n  \"error\": \"nope\"\n}\n")
        // Every comment line of the demo is still there, in order.
        let comments = { (text: String) in
            text.split(separator: "\n").filter { $0.trimmed().hasPrefix("#") }
        }
        #expect(comments(try Self.manifestText(fixtures)) == comments(before))
        #expect(comments(before).count == 13)
    }

    @Test func aFlowStyleManifestGetsFlowEntries() throws {
        let manifest = """
            # users
            endpoints:
              - { id: user, method: GET, path: /users/:id }   # one user
              - { id: me, method: GET, path: /me, success: { json: { name: me } } }
            """
        let fixtures = try TemporaryFixtures(manifest: manifest)
        let recorder = FixtureRecorder(directory: fixtures.path)
        try recorder.record([
            Self.live("GET", "/posts/7"), Self.live("GET", "/users/9", status: 500, body: "{}", existingID: "user"),
            Self.live("GET", "/me", body: #"{"name":"real"}"#, existingID: "me"),
        ])
        #expect(
            try Self.manifestText(fixtures) == """
                # users
                endpoints:
                  - { id: user, method: GET, path: /users/:id, server_error: { status: 500, file: recorded/user.server_error.json } }   # one user
                  - { id: me, method: GET, path: /me, success: { status: 200, file: recorded/me.json } }
                  - { id: get-posts-id, method: GET, path: /posts/:id, success: { status: 200, file: recorded/get-posts-id.json } }
                """)
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.count == 3)
    }

    @Test func aFlowListAndAJSONManifestAreEditedInPlace() throws {
        let yaml = try TemporaryFixtures(manifest: "endpoints: [ { method: GET, path: /a } ]  # list\n")
        try FixtureRecorder(directory: yaml.path).record([Self.live("GET", "/b")])
        #expect(
            try Self.manifestText(yaml)
                == "endpoints: [ { method: GET, path: /a }, { id: get-b, method: GET, path: /b, success: { status: 200, file: recorded/get-b.json } } ]  # list\n"
        )

        let json = try TemporaryFixtures(manifest: "")
        try FileManager.default.removeItem(atPath: json.path + "/switchboard.yml")
        try json.write(
            "switchboard.json", Array("{\"endpoints\": [\n  {\"method\": \"GET\", \"path\": \"/a\"}\n]}".utf8))
        try FixtureRecorder(directory: json.path).record([Self.live("GET", "/b"), Self.live("GET", "/a", status: 400)])
        let text = try Self.manifestText(json, "switchboard.json")
        #expect(
            text == """
                {"endpoints": [
                  {"method": "GET", "path": "/a", "error": {"status": 400, "file": "recorded/get-a.error.json"}},
                  {"id": "get-b", "method": "GET", "path": "/b", "success": {"status": 200, "file": "recorded/get-b.json"}}
                ]}
                """)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is NSDictionary)
        #expect(try ManifestLoader.load(directory: json.path).endpoints.count == 2)
    }

    @Test func withoutAManifestOneIsCreated() throws {
        let fixtures = try TemporaryFixtures(manifest: "")
        try FileManager.default.removeItem(atPath: fixtures.path + "/switchboard.yml")
        let folder = fixtures.path + "/new"
        let summary = try FixtureRecorder(directory: folder).record([
            Self.live("GET", "/users/5f0c4b2e9d1a3c7b8e6f0a12", headers: [("Content-Type", "image/png")], body: "PNG"),
            Self.live("GET", "/users/6"),
        ])
        #expect(summary.createdManifest)
        #expect(summary.outcomes.map(\.change) == [.added, .updated])
        let manifest = try ManifestLoader.load(directory: folder)
        #expect(manifest.endpoints.map(\.signature) == ["GET /users/:id"])
        #expect(try Self.manifestText(fixtures, "new/switchboard.yml").hasPrefix("# Written by Switchboard"))
    }

    @Test func aStubIsAnEntryWithABodyFileSayingWhatToDo() throws {
        let fixtures = try Self.demo()
        let stub = RecordedExchange(
            method: "GET", pattern: try PathPattern.parse("/profile").get(), suggestedID: "get-profile",
            existingID: nil,
            answer: .stub)
        let summary = try FixtureRecorder(directory: fixtures.path).record([stub])
        #expect(summary.outcomes.first?.bodyFile == "recorded/get-profile.json")
        let endpoint = try #require(
            try ManifestLoader.load(directory: fixtures.path).endpoints.last { $0.resource == nil })
        #expect(endpoint.id == "get-profile")
        let body = try #require(Self.body(endpoint.success))
        #expect(body.contains("no endpoint matched it and no upstream answered"))
        #expect(
            try Self.manifestText(fixtures).contains("description: \"Stub: nothing answered this request; edit me\""))
        // A stub for a request an endpoint answers changes nothing.
        let again = try FixtureRecorder(directory: fixtures.path).record([stub])
        #expect(again.outcomes.map(\.change) == [.alreadyAnEndpoint])
    }

    @Test func aBrokenManifestIsLeftAloneAndSaysWhy() throws {
        let broken = "endpoints:\n  - method: GTE\n    path: /a\n"
        let fixtures = try TemporaryFixtures(manifest: broken)
        #expect(throws: RecordingError.self) {
            try FixtureRecorder(directory: fixtures.path).record([Self.live("GET", "/b")])
        }
        #expect(try Self.manifestText(fixtures) == broken)
    }

    @Test func aFileAnotherEntryUsesIsNotOverwritten() throws {
        let manifest = """
            endpoints:
              - id: other
                method: GET
                path: /other
                success: { file: recorded/get-x.json }
            """
        let fixtures = try TemporaryFixtures(manifest: manifest, textFiles: ["recorded/get-x.json": "{\"mine\":1}"])
        let summary = try FixtureRecorder(directory: fixtures.path).record([Self.live("GET", "/x")])
        #expect(summary.outcomes.first?.bodyFile == "recorded/get-x-2.json")
        #expect(try String(contentsOfFile: fixtures.path + "/recorded/get-x.json", encoding: .utf8) == "{\"mine\":1}")
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.map(\.id) == ["other", "get-x"])
    }

    /// Most Macs' disks take `recorded/Get-X.json` and `recorded/get-x.json`
    /// for one file: writing the second would replace the first.
    @Test func aFileAnotherEntryUsesInAnotherCaseIsNotOverwritten() throws {
        let manifest = """
            endpoints:
              - id: other
                method: GET
                path: /other
                success: { file: recorded/Get-X.json }
            """
        let fixtures = try TemporaryFixtures(manifest: manifest, textFiles: ["recorded/Get-X.json": "{\"mine\":1}"])
        let summary = try FixtureRecorder(directory: fixtures.path).record([Self.live("GET", "/x")])
        #expect(summary.outcomes.first?.bodyFile == "recorded/get-x-2.json")
        #expect(try String(contentsOfFile: fixtures.path + "/recorded/Get-X.json", encoding: .utf8) == "{\"mine\":1}")
    }

    /// The id `switchboard` would record into `recorded/switchboard.json`,
    /// a name the folder may not hold (the manifest's): it is numbered, as
    /// an import numbers it.
    @Test func anEndpointCalledSwitchboardRecordsIntoANumberedFile() throws {
        let fixtures = try TemporaryFixtures(
            manifest: "endpoints:\n- id: switchboard\n  method: GET\n  path: /switchboard\n")
        let summary = try FixtureRecorder(directory: fixtures.path).record([
            Self.live("GET", "/switchboard", existingID: "switchboard")
        ])
        #expect(summary.outcomes.first?.bodyFile == "recorded/switchboard-2.json")
        let loaded = try ManifestLoader.load(directory: fixtures.path)
        #expect(Self.body(loaded.endpoints[0].success)?.contains(#""b""#) == true)
    }

    @Test func anIDTakenByAnotherEndpointIsNumbered() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n- id: get-x\n  method: POST\n  path: /y\n")
        try FixtureRecorder(directory: fixtures.path).record([Self.live("GET", "/x")])
        #expect(
            try Self.manifestText(fixtures)
                == "endpoints:\n- id: get-x\n  method: POST\n  path: /y\n- id: get-x-2\n  method: GET\n  path: /x\n  success: { status: 200, file: recorded/get-x-2.json }\n"
        )
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.map(\.id) == ["get-x", "get-x-2"])
    }

    @Test func aLongResponseGoesOnLinesOfItsOwn() throws {
        let fixtures = try Self.demo()
        let long = String(repeating: "x", count: 100)
        try FixtureRecorder(directory: fixtures.path).record([
            Self.live(
                "GET", "/a", status: 302, headers: [("Location", "/" + long), ("Content-Type", "text/plain")], body: "")
        ])
        let text = try Self.manifestText(fixtures)
        #expect(
            text.contains(
                "    success:\n      status: 302\n      body: \"\"\n      headers:\n        Location: /\(long)\n        Content-Type: text/plain\n"
            ))
        let endpoint = try #require(
            try ManifestLoader.load(directory: fixtures.path).endpoints.last { $0.resource == nil })
        #expect(endpoint.success.headers.map(\.name) == ["Location", "Content-Type"])
    }

    /// The demo's episodes are one file per episode: recording episode 3
    /// rewrites episodes/3.json and leaves the others serving.
    @Test func aPerRequestFileIsRecordedIntoThisRequestsFile() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        var exchange = Self.live("GET", "/episodes/3", body: #"{"id":3,"live":true}"#, existingID: "episode")
        exchange.parameters = ["episode": "3"]
        let summary = try FixtureRecorder(directory: fixtures.path).record([exchange])
        #expect(summary.outcomes.first?.bodyFile == "episodes/3.json")
        #expect(
            try Self.manifestText(fixtures)
                == Self.replacingOnce(
                    before, #"    success: { file: "episodes/{episode}.json" }"#,
                    #"    success: { status: 200, file: "episodes/{episode}.json" }"#))
        let episode = try #require(
            try ManifestLoader.load(directory: fixtures.path).endpoints.first { $0.id == "episode" })
        guard case .perRequestFile(_, let files) = episode.success.body else {
            Issue.record("episode bodies should still depend on the request")
            return
        }
        #expect(files.keys.sorted() == ["episodes/1.json", "episodes/2.json", "episodes/3.json", "episodes/4.json"])
        let three = try String(contentsOfFile: fixtures.path + "/episodes/3.json", encoding: .utf8)
        #expect(three == "{\n  \"id\": 3,\n  \"live\": true\n}\n")
    }

    /// A request whose value cannot name a file (it leads elsewhere, is
    /// empty, or holds control characters a terminal acts on) is skipped,
    /// saying why: the user's `file: "episodes/{episode}.json"` stays, and
    /// no file is written, instead of one body replacing every episode.
    @Test(
        arguments: [
            ("/episodes/%2e%2e", "the request's {episode} value '..' cannot name a file; record another request"),
            (
                "/episodes/..%2F..%2Fetc",
                "the request's {episode} value '../../etc' cannot name a file; record another request"
            ),
            ("/episodes/.", "the request's {episode} value '.' cannot name a file; record another request"),
            (
                "/episodes/%1B%5B31mred%07",
                "the request's {episode} value '%1B[31mred%07' has control characters,"
                    + " which a file name must not; record another request"
            ),
            (
                "/episodes/a%7F",
                "the request's {episode} value 'a%7F' has control characters,"
                    + " which a file name must not; record another request"
            ),
            (
                "/episodes/%C2%9B2J",
                "the request's {episode} value '%C2%9B2J' has control characters,"
                    + " which a file name must not; record another request"
            ),
            (
                "/episodes/" + String(repeating: "x", count: 300),
                "the request's values make the file name 'episodes/\(String(repeating: "x", count: 300)).json' too"
                    + " long; record another request"
            ),
        ])
    func aPerRequestValueThatCannotNameAFileIsSkippedAndThePatternKept(uri: String, reason: String) throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        let filesBefore = try FileManager.default.subpathsOfDirectory(atPath: fixtures.path).sorted()
        let manifest = try ManifestLoader.load(directory: fixtures.path)
        let episode = try #require(manifest.endpoints.first { $0.id == "episode" })
        var exchange = Self.live("GET", uri, body: #"{"live":true}"#, existingID: "episode")
        exchange.parameters = try #require(episode.path.match(RequestTarget(uri: uri).segments))

        let summary = try FixtureRecorder(directory: fixtures.path).record([exchange, Self.live("GET", "/other")])
        #expect(summary.skipped == [.init(endpointID: "episode", reason: reason)])
        #expect(summary.outcomes.map(\.endpointID) == ["get-other"], "the rest is still recorded")
        let after = try Self.manifestText(fixtures)
        #expect(after.contains(#"    success: { file: "episodes/{episode}.json" }"#), "the pattern stays")
        #expect(after.count > before.count, "the other endpoint is added")
        let filesAfter = try FileManager.default.subpathsOfDirectory(atPath: fixtures.path).sorted()
        #expect(
            filesAfter == (filesBefore + ["recorded", "recorded/get-other.json"]).sorted(),
            "no file named after the request")
    }

    @Test func aPerRequestValueThatIsEmptyOrMissingIsSkipped() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        var empty = Self.live("GET", "/episodes/3", existingID: "episode")
        empty.parameters = ["episode": ""]
        var missing = Self.live("GET", "/episodes/3", existingID: "episode")
        missing.parameters = [:]
        let summary = try FixtureRecorder(directory: fixtures.path).record([empty, missing])
        #expect(
            summary.skipped.map(\.reason) == [
                "the request's {episode} value '' cannot name a file; record another request",
                "the request has no {episode} value to name its file; record another request",
            ])
        #expect(summary.outcomes.isEmpty)
        #expect(try Self.manifestText(fixtures) == before)
    }

    @Test func filesAreReplacedWholeKeepingTheirPermissionsAndLeavingNoTemporaryFiles() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\r\n  - { id: a, method: GET, path: /a }\r\n")
        chmod(fixtures.path + "/switchboard.yml", 0o600)
        try FixtureRecorder(directory: fixtures.path).record([Self.live("GET", "/b"), Self.live("GET", "/a")])
        var info = stat()
        #expect(stat(fixtures.path + "/switchboard.yml", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let left = try FileManager.default.subpathsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
        // A file with CRLF line ends gets CRLF lines.
        let text = try Self.manifestText(fixtures)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.map(\.id) == ["a", "get-b"])
    }

    @Test func aFileIndentedByFourGetsEntriesIndentedByFour() throws {
        let manifest = """
            endpoints:
                -   id: a          # the first
                    method: GET
                    path: /a
                    error:
                        status: 400
                        body: nope   # replaced
                # kept: a comment after the entry
            scenarios: { all-down: { "*": { mode: server_error } } }

            """
        let fixtures = try TemporaryFixtures(manifest: manifest)
        try FixtureRecorder(directory: fixtures.path).record([
            Self.live("GET", "/b"), Self.live("GET", "/a", status: 404, headers: [], body: "gone"),
        ])
        #expect(
            try Self.manifestText(fixtures) == """
                endpoints:
                    -   id: a          # the first
                        method: GET
                        path: /a
                        error:
                            status: 404
                            file: recorded/a.error.bin
                    -   id: get-b
                        method: GET
                        path: /b
                        success: { status: 200, file: recorded/get-b.json }
                    # kept: a comment after the entry
                scenarios: { all-down: { "*": { mode: server_error } } }

                """)
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.map(\.id) == ["a", "get-b"])
    }
}

extension FixtureRecorderTests {
    /// A resource answers from its items: a live answer to one of its
    /// endpoints is not written as a fixture, and the manifest stays as it was.
    @Test func aResourcesEndpointIsNotRecorded() throws {
        let fixtures = try Self.demo()
        let before = try Self.manifestText(fixtures)
        let summary = try FixtureRecorder(directory: fixtures.path).record([
            Self.live("GET", "/todos", body: "[]"), Self.live("GET", "/shows/1", body: #"{"n":1}"#),
        ])
        #expect(
            summary.skipped == [
                .init(endpointID: "todos.list", reason: "resource 'todos' answers it from its items, not from a file")
            ])
        #expect(summary.outcomes.map(\.change) == [.added])
        #expect(try Self.manifestText(fixtures) != before)
    }
}
