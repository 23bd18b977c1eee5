import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// Fixture files over 256 KiB stay on disk and are read for each request;
/// every mode, the bandwidth limit and the journal treat them like any body.
@Suite struct DiskBodyTests {
    /// 300 KiB, a different byte in every position of a 251-byte cycle.
    static let large = (0..<(300 * 1024)).map { UInt8($0 % 251) }

    func server() throws -> RunningServer {
        try RunningServer(fixtures: self.fixtures())
    }

    func fixtures() throws -> TemporaryFixtures {
        try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: ep, method: GET, path: "/episodes/:n", success: { file: "episodes/{n}.bin" } }
                  - { id: one, method: GET, path: /one, success: { file: large.bin } }
                latency_profiles:
                  slowish: { bandwidth: 250KB/s }
                """,
            files: ["episodes/1.bin": Self.large, "episodes/2.bin": Array("small".utf8), "large.bin": Self.large])
    }

    /// Being read from disk, then delayed, a request is answered, not
    /// taken for one whose body stopped arriving; and a client that leaves
    /// meanwhile is journaled once.
    @Test func aDelayedLargeFileOutlastsTheBodyTimeout() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: one, method: GET, path: /one, success: { file: large.bin }, latency: late }
                latency_profiles:
                  late: { delay: 1s }
                """,
            files: ["large.bin": Self.large])
        let manifest = try ManifestLoader.load(directory: fixtures.path)
        let server = try RunningServer(
            panel: ControlPanel(manifest: manifest), limits: ServerLimits(bodyTimeout: .milliseconds(200)),
            keeping: fixtures)
        try await server.serving { server in
            let whole = try await onThread { try CurlTiming.get(server.url("/one")) }
            #expect(whole.exitCode == 0 && whole.status == 200 && whole.bytes == Self.large.count, "\(whole)")
            let left = try await onThread { try CurlTiming.get(server.url("/one"), extra: ["--max-time", "0.5"]) }
            #expect(left.exitCode == 28)
            #expect(await waitUntil { server.journal.entries(after: 0).entries.count == 2 })
            #expect(server.journal.entries(after: 0).entries.map(\.status) == [.answered(200), .clientLeft])
        }
    }

    /// A header that reads the request is filled for a body read from
    /// disk as for one held in memory.
    @Test func aLargeFilesHeaderTemplatesAreFilled() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - method: GET
                    path: /one
                    success: { file: large.bin, headers: { X-Echo: "{header.X-Key}", X-Count: "{counter}" } }
                """,
            files: ["large.bin": Self.large])
        let server = try RunningServer(fixtures: fixtures)
        try await server.serving { server in
            for count in ["1", "2"] {
                let answer = try await HTTPClient.send(server.url("/one"), headers: ["X-Key": "k-\(count)"])
                #expect(answer.status == 200 && answer.body.count == Self.large.count)
                #expect(answer.header("X-Echo") == "k-\(count)")
                #expect(answer.header("X-Count") == count)
            }
        }
    }

    @Test func aLargeFileIsLeftOnDiskAtLoad() throws {
        let fixtures = try TemporaryFixtures(
            manifest: "endpoints:\n  - { method: GET, path: /one, success: { file: large.bin } }\n",
            files: ["large.bin": Self.large])
        let manifest = try ManifestLoader.load(directory: fixtures.path)
        guard case .fixed(let body) = manifest.endpoints[0].success.body, case .file(_, let size) = body.content else {
            Issue.record("a 300 KiB file is not held in memory")
            return
        }
        #expect(size == Self.large.count)
    }

    @Test func filesUpTo256KiBAreHeldUntilALoadHolds32MiB() async throws {
        let block = [UInt8](repeating: 0x41, count: 256 * 1024)
        // 32.5 MiB of files to write and read: not on a test thread.
        let manifest = try await onThread {
            var files: [String: [UInt8]] = [:]
            for number in 0..<130 { files["parts/\(number).bin"] = block }
            let fixtures = try TemporaryFixtures(
                manifest: "endpoints:\n  - { method: GET, path: /parts/:n, success: { file: \"parts/{n}.bin\" } }\n",
                files: files)
            return try ManifestLoader.load(directory: fixtures.path)
        }
        guard case .perRequestFile(_, let bodies) = manifest.endpoints[0].success.body else {
            Issue.record("a pattern gives a body per file")
            return
        }
        var held = 0
        var onDisk = 0
        for body in bodies.values {
            switch body.content {
            case .bytes(let bytes): held += bytes.count
            case .file: onDisk += 1
            case .template, .generated: Issue.record("files only, read as they are")
            }
        }
        #expect(held == 128 * block.count)
        #expect(onDisk == 2)
    }

    @Test func servedByteForByteWhetherNamedOrMatchedByAPattern() async throws {
        let server = try self.server()
        try await server.serving { server in
            for path in ["/one", "/episodes/1"] {
                let response = try await HTTPClient.send(server.url(path))
                #expect(response.status == 200)
                #expect(Array(response.body) == Self.large)
                #expect(response.header("Content-Length") == String(Self.large.count))
                #expect(response.header("Content-Type") == "application/octet-stream")
            }
            #expect(
                String(decoding: try await HTTPClient.send(server.url("/episodes/2")).body, as: UTF8.self) == "small")
        }
    }

    @Test func aFileChangedOnDiskIsSentAsItIsNow() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: "endpoints:\n  - { method: GET, path: /one, success: { file: large.bin } }\n",
            files: ["large.bin": Self.large])
        let server = try RunningServer(fixtures: fixtures)
        try await server.serving { server in
            try fixtures.write("large.bin", Self.large + Self.large)
            let response = try await HTTPClient.send(server.url("/one"))
            #expect(response.body.count == 2 * Self.large.count)
        }
    }

    /// The attack: a large file (read for each request, by the path the
    /// load checked) swapped for a link to a file outside, or its folder
    /// for a link to a folder outside. A request gets a 500 saying why, and
    /// not one byte of what the link leads to.
    @Test func aFileOrFolderSwappedForALinkOutsideIsNotFollowed() async throws {
        let secret = Array("OUTSIDE-SECRET root:x:0:0\n".utf8)
        let outside = try TemporaryFixtures(manifest: "", files: ["large.bin": secret, "1.bin": secret])
        let folder = try self.fixtures()
        let server = try RunningServer(fixtures: folder)
        let files = FileManager.default
        try files.removeItem(atPath: folder.path + "/large.bin")
        try files.createSymbolicLink(
            atPath: folder.path + "/large.bin", withDestinationPath: outside.path + "/large.bin")
        try files.removeItem(atPath: folder.path + "/episodes")
        try files.createSymbolicLink(atPath: folder.path + "/episodes", withDestinationPath: outside.path)
        try await server.serving { server in
            for path in ["/one", "/episodes/1"] {
                let response = try await HTTPClient.send(server.url(path))
                let body = String(decoding: response.body, as: UTF8.self)
                #expect(response.status == 500, "\(path): \(body)")
                #expect(!body.contains("OUTSIDE-SECRET"), "\(path)")
                #expect(body.contains("fixture_unreadable") && body.contains("never read through a link"), "\(path)")
            }
        }
        #expect(server.journal.entries(after: 0).entries.map(\.status) == [.answered(500), .answered(500)])
    }

    /// A FIFO put where a large file was is refused at once, not waited on.
    @Test func aFIFOPutInItsPlaceIsNotAFile() async throws {
        let folder = try self.fixtures()
        let server = try RunningServer(fixtures: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/large.bin")
        #expect(mkfifo(folder.path + "/large.bin", 0o600) == 0)
        try await server.serving { server in
            let response = try await HTTPClient.send(server.url("/one"))
            #expect(response.status == 500)
            #expect(String(decoding: response.body, as: UTF8.self).contains("no longer a plain file"))
        }
    }

    @Test func truncatedSendsHalfAndTheJournalKeepsItsDetails() async throws {
        let server = try self.server()
        try await server.serving { server in
            try server.panel.setMode(.truncated, endpoint: "one")
            let result = try await onThread {
                try Subprocess.run(
                    "curl", ["-sS", "-o", "/dev/null", "-w", "%{size_download}", server.url("/one").absoluteString])
            }
            #expect(result.status == 18)
            #expect(Int(result.stdout) == Self.large.count / 2)
            #expect(await waitUntil { !server.journal.entries(after: 0).entries.isEmpty })
            #expect(server.journal.entries(after: 0).entries.first?.mode == .truncated)
        }
    }

    @Test func aBandwidthLimitTricklesIt() async throws {
        let server = try self.server()
        try await server.serving { server in
            try server.panel.setLatency("slowish", endpoint: "one")
            let timing = try await onThread { try CurlTiming.get(server.url("/one")) }
            #expect(timing.bytes == Self.large.count)
            // 300 KiB at 250 KB/s is 1.2 s.
            #expect(timing.total > 1.0, "took \(timing.total) s")
        }
    }
}
