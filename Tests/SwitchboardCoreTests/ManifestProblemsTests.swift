import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Broken manifests: each problem is reported with its line, column and a
/// fix, and all problems come at once.
@Suite struct ManifestProblemsTests {
    /// Loads `manifest` and returns the diagnostics as `line:column: text`.
    func problems(_ manifest: String, files: [String: String] = [:]) throws -> [String] {
        try manifestProblems(manifest, files: files)
    }

    @Test func aMisspelledKeyIsNamedWithASuggestion() throws {
        let found = try self.problems(
            """
            endpoints:
              - method: GET
                path: /a
                success: { stauts: 200 }
            """)
        #expect(found == ["4:16: unknown key 'stauts' in 'success' — did you mean 'status'?"])
    }

    @Test func everyProblemIsReportedNotJustTheFirst() throws {
        let found = try self.problems(
            """
            endpoints:
              - path: /a
              - method: GTE
                path: /b
              - method: GET
                path: b
              - method: GET
                path: /c
                mode: sucess
                success: { status: 999 }
            latency_profiles:
              slow: { delay: two seconds }
            """)
        #expect(
            found == [
                "2:5: endpoint has no 'method' — add e.g. 'method: GET'",
                "3:13: unknown method 'GTE' — did you mean 'GET'?",
                "6:11: path 'b' must start with '/' — write '/b'",
                "9:11: unknown mode 'sucess' — did you mean 'success'?",
                "10:24: status '999' is not a whole number from 100 to 599",
                "12:18: delay 'two seconds' is not a duration — write a number with a unit: '250ms', '2s', '1.5s', '1m'",
            ])
    }

    @Test func aBrokenMethodDoesNotHideTheRestOfTheEndpoint() throws {
        let found = try self.problems(
            """
            endpoints:
              - method: GTE
                path: /users
                mode: sucess
                latency: slwo
                success: { file: user.json }
            latency_profiles:
              slow: 2s
            """, files: ["users.json": "[]"])
        #expect(
            found == [
                "2:13: unknown method 'GTE' — did you mean 'GET'?",
                "4:11: unknown mode 'sucess' — did you mean 'success'?",
                "5:14: unknown latency profile 'slwo' — did you mean 'slow'?",
                "6:22: file 'user.json' does not exist — did you mean 'users.json'?",
            ])
    }

    @Test func aBrokenProfileIsReportedOnceNotAgainWhereItIsUsed() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /a, latency: slow }
            latency_profiles:
              slow: { delay: 2 seconds }
            """)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("4:18: delay '2 seconds' is not a duration"))
    }

    @Test func aManifestFilePassedAsTheFolderSaysWhichFolder() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints: []\n")
        let file = fixtures.url.appendingPathComponent("switchboard.yml").path
        do {
            _ = try ManifestLoader.load(directory: file, displayDirectory: "demo/switchboard.yml")
            Issue.record("a file is not a folder")
        } catch {
            #expect(
                error.description
                    == "demo/switchboard.yml: this is a file; Switchboard wants the folder that holds it — pass 'demo'")
        }
    }

    @Test func duplicateEndpointsPointAtTheFirstDeclaration() throws {
        let found = try self.problems(
            """
            endpoints:
              - method: GET
                path: /users/:id
              - method: GET
                path: /users/:userId
            """)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("4:5: duplicate endpoint GET /users/:userId: the endpoint at line 2"))
    }

    @Test func sameRouteWithDifferentQueryRequirementsIsNotADuplicate() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /search, query: { q: "*" } }
              - { method: GET, path: /search }
            """)
        #expect(found == [])
    }

    @Test func duplicateIdsAreRefused() throws {
        let found = try self.problems(
            """
            endpoints:
              - { id: same, method: GET, path: /a }
              - { id: same, method: GET, path: /b }
            """)
        #expect(
            found == [
                "3:5: endpoint id 'same' is already used by the endpoint at line 2 — give this endpoint its own 'id:'"
            ])
    }

    @Test func aMissingBodyFileSuggestsTheClosestName() throws {
        let found = try self.problems(
            """
            endpoints:
              - method: GET
                path: /users
                success: { file: user.json }
            """, files: ["users.json": "[]"])
        #expect(found == ["4:22: file 'user.json' does not exist — did you mean 'users.json'?"])
    }

    @Test func bodyFilesMayNotLeaveTheFixturesFolder() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /a, success: { file: ../outside.json } }
              - { method: GET, path: /b, success: { file: /etc/passwd } }
              - { method: GET, path: /c, success: { file: "nested/../../outside.json" } }
            """)
        #expect(found.count == 3)
        #expect(found[0].contains("file '../outside.json' is outside the fixtures folder"))
        #expect(found[1].contains("file '/etc/passwd' is an absolute path"))
        #expect(found[2].contains("is outside the fixtures folder"))
    }

    @Test func aSymlinkThatLeavesTheFolderIsRefused() throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { method: GET, path: /a, success: { file: escape.json } }
                """)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID()).json")
        try Data("{}".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            at: fixtures.url.appendingPathComponent("escape.json"), withDestinationURL: outside)
        #expect(throws: ManifestError.self) { try ManifestLoader.load(directory: fixtures.path) }
        do {
            _ = try ManifestLoader.load(directory: fixtures.path)
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "file 'escape.json' is a link that leads outside the fixtures folder"
                ])
        }
    }

    @Test func anUnknownPlaceholderInAFileNameIsATypo() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /episodes/:episode, success: { file: "episodes/{epsiode}.json" } }
            """)
        #expect(found.count == 1)
        #expect(
            found[0].contains("uses '{epsiode}', which is not a parameter of this endpoint — did you mean '{episode}'?")
        )
    }

    @Test func aFilePatternThatMatchesNothingSaysSo() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /episodes/:episode, success: { file: "episodes/{episode}.json" } }
            """)
        #expect(
            found == [
                "2:63: no file in the fixtures folder fits 'episodes/{episode}.json' — add one, e.g. 'episodes/1.json'"
            ])
    }

    @Test func anUnknownLatencyProfileListsTheDeclaredOnes() throws {
        let found = try self.problems(
            """
            endpoints:
              - { method: GET, path: /a, latency: slwo }
              - { method: GET, path: /b, latency: turtle }
            latency_profiles:
              slow: 2s
              fast: { delay: 50ms }
            """)
        #expect(
            found == [
                "2:39: unknown latency profile 'slwo' — did you mean 'slow'?",
                "3:39: unknown latency profile 'turtle' — profiles: slow, fast, gprs, edge, 3g, 3g+, wifi, offline, lossy-3g, satellite, very-bad-network, or 'none'",
            ])
    }

    @Test func scenariosMustNameRealEndpoints() throws {
        let found = try self.problems(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              broken:
                logn: { mode: error }
                "*": { mode: teapot }
            """)
        #expect(
            found == [
                "5:5: scenario 'broken' names unknown endpoint 'logn' — did you mean 'login'?",
                "6:18: unknown mode 'teapot' — modes: success, error, server_error, reset, hang, empty, garbage, truncated, offline, url_error:CODE, flaky:N, sequence, live, fail_first:N, every:N, after:N",
            ])
    }

    @Test func invalidYAMLGivesItsPositionAndAHint() throws {
        let found = try self.problems("endpoints:\n  - method: GET\n\tpath: /a\n")
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("3:1: invalid YAML"))
        #expect(found[0].contains("indent with spaces, not tabs"))
    }

    @Test func aMissingFolderOrManifestIsOneClearSentence() throws {
        do {
            _ = try ManifestLoader.load(directory: "/nonexistent/switchboard", displayDirectory: "nowhere")
            Issue.record("loading a missing folder should fail")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "nowhere: no such folder — pass the folder that holds switchboard.yml, e.g. `switchboard fixtures`"
                ])
        }
    }

    @Test func diagnosticsNameTheFileLineAndColumn() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n  - { method: GET, path: /a, mode: nope }\n")
        do {
            _ = try ManifestLoader.load(directory: fixtures.path, displayDirectory: "demo")
            Issue.record("should fail")
        } catch {
            #expect(
                error.description
                    == "demo/switchboard.yml:2:36: unknown mode 'nope' — modes: success, error, server_error, reset, hang, empty, garbage, truncated, offline, url_error:CODE, flaky:N, sequence, live, fail_first:N, every:N, after:N"
            )
        }
    }

    /// Ten levels of ten aliases: 10^10 values from a few hundred bytes.
    static func aliasBomb(levels: Int) -> String {
        var lines = ["x0: &a0 [" + Array(repeating: "lol", count: 10).joined(separator: ", ") + "]"]
        for level in 1..<levels {
            lines.append(
                "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("endpoints:\n  - { method: GET, path: /lol, success: { json: *a\(levels - 1) } }")
        return lines.joined(separator: "\n")
    }

    @Test func anAliasBombIsRefusedAtTheAliasThatPassesTheBudget() throws {
        let found = try self.problems(Self.aliasBomb(levels: 10))
        // x4's eighth alias is where the expansion passes 100,000 values:
        // 10 + 110 + 1,110 + 11,110 written before it, 11,111 per alias.
        #expect(
            found == [
                "5:45: the YAML aliases here expand to more than 100,000 values — write the value out, or nest fewer aliases (*name) inside anchors (&name)"
            ])
    }

    @Test func aliasesWithinTheBudgetLoad() throws {
        let manifest = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - method: GET
                    path: /lol
                    success:
                      json:
                        - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]
                        - &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]
                        - [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]
                """)
        let loaded = try ManifestLoader.load(directory: manifest.path)
        guard case .fixed(let body) = loaded.endpoints[0].success.body, case .bytes(let bytes) = body.content else {
            Issue.record("an inline json: value is a fixed body")
            return
        }
        // 10 + 100 + 1,000 "lol"s, written out in the JSON body.
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "lol").count == 1_111)
    }

    @Test(.ownThreads) func valuesWrittenOutNeverCountAgainstTheAliasBudget() throws {
        let numbers = Array(repeating: "0", count: 150_000).joined(separator: ",")
        #expect(try self.problems("endpoints:\n  - { method: GET, path: /a, success: { json: [\(numbers)] } }\n") == [])
    }
}
