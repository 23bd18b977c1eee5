import Foundation
import SwitchboardTestSupport
import Testing

/// The flags a test suite starts `serve` with: `--no-cache` and
/// `--no-keep-alive` reach every answer.
@Suite struct TestFriendlyFlagsTests {
    @Test func noCacheAndNoKeepAliveShowOnTheWire() async throws {
        let serve = try await ServeProcess.start(
            arguments: [RepositoryPaths.fixtures.path, "--port", "0", "--no-cache", "--no-keep-alive"])
        try await serve.serving { serve in
            serve.discardOutput()
            let head = try await Subprocess.run(
                "curl", ["-sS", "-D", "-", "-o", "/dev/null", "http://127.0.0.1:\(serve.port)/images/kitten.jpg"]
            ).stdout
            #expect(head.hasPrefix("HTTP/1.1 200 OK"), "\(head)")
            #expect(head.contains("Cache-Control: no-store\r\n"), "\(head)")
            #expect(!head.contains("no-cache"), "the manifest's header is replaced: \(head)")
            #expect(head.contains("Connection: close\r\n"), "\(head)")
        }
    }
}
