import Foundation
import SwitchboardTestSupport
import Testing

/// A fixture folder with a large file: memory at rest does not grow with it,
/// at load or at reload, and the file is served byte for byte.
@Suite struct LargeFixtureMemoryTests {
    static let megabytes = 80

    /// `megabytes` MB, each 1 MB block starting with its own number.
    static func writeLargeFile(at path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var block = Data((0..<(1 << 20)).map { UInt8($0 % 253) })
        for number in 0..<Self.megabytes {
            block[0] = UInt8(number)
            try handle.write(contentsOf: block)
        }
    }

    @Test func aLargeFileCostsNoMemoryAtRestAndIsServedByteForByte() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { method: GET, path: "/episodes/:episode", success: { file: "episodes/{episode}.json" } }
                """,
            textFiles: ["episodes/1.json": "{}"])
        try Self.writeLargeFile(at: fixtures.path + "/episodes/big.json")
        let serve = try ServeProcess(arguments: [fixtures.path, "--port", "0"])
        defer { serve.stop() }
        serve.discardOutput()
        let pid = serve.process.processIdentifier
        let url = "http://127.0.0.1:\(serve.port)/episodes/"
        let small = try await onThread { try CurlTiming.get(URL(string: url + "1")!) }
        #expect(small.status == 200)
        let loaded = FuzzTests.residentKilobytes(pid)

        // A reload (a new file that fits the pattern) loads the folder again.
        try fixtures.write("episodes/2.json", Array("[]".utf8))
        let reloaded = try await onThread {
            eventually(timeout: 10) { (try? CurlTiming.get(URL(string: url + "2")!).status) == 200 }
        }
        #expect(reloaded)
        let afterReload = FuzzTests.residentKilobytes(pid)

        let sums = try await onThread {
            (
                try Subprocess.run("sh", ["-c", "curl -s \(url)big | sha256sum"]).stdout,
                try Subprocess.run("sha256sum", [fixtures.path + "/episodes/big.json"]).stdout
            )
        }
        #expect(sums.0.prefix(64) == sums.1.prefix(64))
        let afterServing = FuzzTests.residentKilobytes(pid)
        print("large fixture: RSS \(loaded) KiB loaded, \(afterReload) KiB reloaded, \(afterServing) KiB after serving")
        // The file is 80 MB; a load or reload that read it would add that much.
        #expect(loaded < 64 * 1024, "RSS \(loaded) KiB with an \(Self.megabytes) MB file in the folder")
        #expect(afterReload - loaded < 8 * 1024, "RSS \(loaded) KiB loaded, \(afterReload) KiB reloaded")
        #expect(afterServing - loaded < 16 * 1024, "RSS \(loaded) KiB loaded, \(afterServing) KiB after serving")
        #expect(serve.terminate() == 143)
    }
}
