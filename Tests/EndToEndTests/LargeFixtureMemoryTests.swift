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

    /// RSS of `serve` at load, after a reload and after sending the file,
    /// and the SHA-256 of the file and of what curl received.
    struct Measured: Sendable {
        var loaded = 0
        var reloaded = 0
        var afterServing = 0
        var served = ""
        var onDisk = ""
        var reloadSeen = false
        var exitStatus: Int32 = 0
    }

    @Test func aLargeFileCostsNoMemoryAtRestAndIsServedByteForByte() async throws {
        // All of it blocks (processes, files, curl): on a thread of its own.
        let measured = try await onThread {
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
            let pid = serve.pid
            let url = "http://127.0.0.1:\(serve.port)/episodes/"
            var measured = Measured()
            _ = try CurlTiming.get(URL(string: url + "1")!)
            measured.loaded = FuzzTests.residentKilobytes(pid)
            // A reload (a new file that fits the pattern) loads the folder again.
            try fixtures.write("episodes/2.json", Array("[]".utf8))
            measured.reloadSeen = eventually(timeout: 10) {
                (try? CurlTiming.get(URL(string: url + "2")!).status) == 200
            }
            measured.reloaded = FuzzTests.residentKilobytes(pid)
            measured.served = String(
                try Subprocess.run("sh", ["-c", "curl -s \(url)big | sha256sum"]).stdout.prefix(64))
            measured.onDisk = String(
                try Subprocess.run("sha256sum", [fixtures.path + "/episodes/big.json"]).stdout.prefix(64))
            measured.afterServing = FuzzTests.residentKilobytes(pid)
            measured.exitStatus = serve.terminate()
            return measured
        }
        #expect(measured.reloadSeen)
        #expect(measured.served == measured.onDisk)
        let (loaded, reloaded, served) = (measured.loaded, measured.reloaded, measured.afterServing)
        print("large fixture: RSS \(loaded) KiB loaded, \(reloaded) KiB reloaded, \(served) KiB after serving")
        // The file is 80 MB; a load or reload that read it would add that much.
        #expect(loaded < 64 * 1024, "RSS \(loaded) KiB with an \(Self.megabytes) MB file in the folder")
        #expect(reloaded - loaded < 8 * 1024, "RSS \(loaded) KiB loaded, \(reloaded) KiB reloaded")
        #expect(served - loaded < 16 * 1024, "RSS \(loaded) KiB loaded, \(served) KiB after serving")
        #expect(measured.exitStatus == 143)
    }
}
