import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Fixed answers go out as bytes prebuilt when the manifest loads, not
/// through NIO's encoder: those bytes must be exactly what the encoder
/// would have written for the same head and body.
@Suite struct PrebuiltResponseTests {
    static let manifest = """
        endpoints:
          - id: a
            method: GET
            path: /a
            success: { body: "hello", headers: { Cache-Control: "public, max-age=60", X-Empty: "", X-Two: "a, b" } }
            error: { status: 429, headers: { Retry-After: "30" }, json: { error: slow down } }
            server_error: { status: 599, body: "" }
          - { id: json, method: POST, path: /json, success: { json: { ok: true, text: "é ü" } } }
          - { id: per, method: GET, path: "/per/:n", success: { file: "per/{n}.txt" } }
        """

    /// What NIO's encoder writes for `head` and `body` as one response.
    func encoded(_ head: HTTPResponseHead, body: ByteBuffer) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: HTTPResponseEncoder())
        defer { _ = try? channel.finish() }
        try channel.writeOutbound(HTTPServerResponsePart.head(head))
        try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(body)))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        var bytes: [UInt8] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        return bytes
    }

    /// Every prebuilt file of every response in `catalog`.
    func prebuilt(_ catalog: ResponseCatalog, endpoints: Int) -> [CompiledFile] {
        var files: [CompiledFile] = []
        for endpoint in 0..<endpoints {
            for kind in ResponseKind.allCases {
                for mayBeCached in [true, false] {
                    switch catalog.endpoints[endpoint].response(kind, mayBeCached: mayBeCached).body {
                    case .single(let file): files.append(file)
                    case .deferred(let file): files.append(file.value)
                    case .perRequest(_, let perFile): files += perFile.values
                    }
                }
            }
        }
        return files
    }

    func checkEveryPrebuiltResponse(in directory: String, noStore: Bool) throws -> Int {
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: directory))
        let snapshot = panel.snapshot()
        let catalog = ResponseCatalog(snapshot: snapshot, noStore: noStore)
        var checked = 0
        for file in self.prebuilt(catalog, endpoints: snapshot.manifest.endpoints.count) {
            let resolved = file.resolve(parameters: [:])
            guard let wire = resolved.wire else { continue }
            let head = try #require(resolved.head)
            #expect(Array(buffer: wire) == (try self.encoded(head, body: resolved.body)), "\(head)")
            checked += 1
        }
        return checked
    }

    @Test(.ownThreads, arguments: [false, true])
    func prebuiltBytesAreWhatNIOsEncoderWrites(noStore: Bool) throws {
        let fixtures = try TemporaryFixtures(
            manifest: Self.manifest, textFiles: ["per/1.txt": "one", "per/2.txt": "", "per/3.txt": "three\r\n"])
        #expect(try self.checkEveryPrebuiltResponse(in: fixtures.path, noStore: noStore) > 12)
        #expect(try self.checkEveryPrebuiltResponse(in: RepositoryPaths.fixtures.path, noStore: noStore) > 12)
    }
}
