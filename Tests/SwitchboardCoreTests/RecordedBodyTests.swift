import Foundation
import SwitchboardTestSupport
import Testing

@testable import SwitchboardCore

@Suite struct RecordedBodyTests {
    /// gzip (level 9, no name or time) of "hello hello hello hello\n" (fixed Huffman codes).
    static let gzipHello: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x57, 0xc8, 0x40,
        0x27, 0xb9, 0x00, 0x00, 0x88, 0x59, 0x0b, 0x18, 0x00, 0x00, 0x00,
    ]

    @Test func jsonIsPrettyPrintedInTheUpstreamsKeyOrder() throws {
        let body = Array(
            #"{"zeta":1,"alpha":[1.50,2e3,{}],"text":"a,b:{c}\"","empty":[],"nested":{"b":null,"a":true}}"#.utf8)
        let recorded = RecordedBody(body: body, headers: [HeaderField(name: "Content-Type", value: "application/json")])
        #expect(recorded.fileExtension == "json")
        #expect(
            String(decoding: recorded.bytes, as: UTF8.self) == """
                {
                  "zeta": 1,
                  "alpha": [
                    1.50,
                    2e3,
                    {}
                  ],
                  "text": "a,b:{c}\\"",
                  "empty": [],
                  "nested": {
                    "b": null,
                    "a": true
                  }
                }

                """)
        let reparsed = try JSONSerialization.jsonObject(with: Data(recorded.bytes)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(body)) as? NSDictionary
        #expect(reparsed == original)
    }

    @Test func invalidJSONAndOtherTypesKeepTheirBytes() {
        let broken = Array(#"{"a": "#.utf8)
        #expect(
            RecordedBody(body: broken, headers: [.init(name: "content-type", value: "application/json")]).bytes
                == broken)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]
        let image = RecordedBody(body: jpeg, headers: [.init(name: "Content-Type", value: "image/jpeg")])
        #expect(image == RecordedBody(bytes: jpeg, fileExtension: "jpg", stillEncoded: false))
    }

    @Test(
        arguments: [
            ("application/json; charset=utf-8", "json"), ("application/problem+json", "json"), ("text/html", "html"),
            ("text/plain; charset=utf-8", "txt"), ("image/png", "png"), ("application/xml", "xml"),
            ("application/x-thing", "bin"), (nil, "bin"),
        ] as [(String?, String)])
    func theExtensionGivesTheTypeBack(type: String?, fileExtension: String) {
        #expect(RecordedBody.fileExtension(for: type) == fileExtension)
    }

    @Test func gzipBodiesAreStoredDecoded() {
        let headers = [
            HeaderField(name: "Content-Type", value: "text/plain"), .init(name: "Content-Encoding", value: "gzip"),
        ]
        let recorded = RecordedBody(body: Self.gzipHello, headers: headers)
        #expect(String(decoding: recorded.bytes, as: UTF8.self) == "hello hello hello hello\n")
        #expect(!recorded.stillEncoded)
        #expect(RecordedHeaders.filter(headers, encoded: recorded.stillEncoded).map(\.name) == ["Content-Type"])
    }

    @Test func aCorruptGzipBodyOrBrotliIsKeptAsItCameWithItsHeader() {
        var corrupt = Self.gzipHello
        corrupt[12] ^= 0xFF
        for (encoding, body) in [("gzip", corrupt), ("br", [0x0B, 0x02, 0x80] as [UInt8])] {
            let headers = [
                HeaderField(name: "Content-Type", value: "application/json"),
                .init(name: "Content-Encoding", value: encoding),
            ]
            let recorded = RecordedBody(body: body, headers: headers)
            #expect(recorded == RecordedBody(bytes: body, fileExtension: "json.\(encoding)", stillEncoded: true))
            #expect(RecordedHeaders.filter(headers, encoded: true).map(\.name) == ["Content-Type", "Content-Encoding"])
        }
    }

    @Test func largeDynamicHuffmanGzipRoundTrips() async throws {
        // Made by the system's gzip, as a server would send it.
        var text = ""
        for index in 0..<5000 { text += "{\"id\": \(index), \"name\": \"episode \(index * 7 % 13)\"},\n" }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inflate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("body.txt")
        try Data(text.utf8).write(to: plain)
        #expect(try await Subprocess.run("gzip", ["-k", "-n", "-6", plain.path]).status == 0)
        let compressed = try [UInt8](Data(contentsOf: directory.appendingPathComponent("body.txt.gz")))
        #expect((Inflate.gunzip(compressed) == Array(text.utf8)))
        // `deflate` raw, as some servers send it, and zlib-wrapped as RFC
        // 9110 says: the gzip member's deflate stream, then with a zlib
        // header and Adler-32 around it.
        let raw = Array(compressed[10..<(compressed.count - 8)])
        #expect((Inflate.inflateDeflate(raw) == Array(text.utf8)))
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in text.utf8 {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        let zlib = [0x78, 0x9C] + raw + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
        #expect((Inflate.inflateDeflate(zlib) == Array(text.utf8)))
    }

    /// A few KB that claim gigabytes are stored as they came, not decoded.
    @Test func aBodyThatDecodesPastTheLimitIsNotDecoded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("zeros")
        try Data(count: 4 * 1024 * 1024).write(to: plain)
        #expect(try await Subprocess.run("gzip", ["-n", "-9", plain.path]).status == 0)
        let compressed = try [UInt8](Data(contentsOf: directory.appendingPathComponent("zeros.gz")))
        #expect(compressed.count < 8 * 1024)
        #expect(Inflate.gunzip(compressed, limit: 1024 * 1024) == nil)
        #expect(Inflate.gunzip(compressed)?.count == 4 * 1024 * 1024)
        // Cut short: not a body to store as decoded.
        #expect(Inflate.gunzip(Array(compressed.prefix(compressed.count / 2))) == nil)
    }

    /// 64 KB of gzip that decodes to 63 MiB of `[[0,0,…]]` (the issue's
    /// case, which took 2 GB and wrote 231 MB): past `RecordedBody.fileLimit`
    /// decoded the body is kept as it came, with its `Content-Encoding`, and
    /// never scanned.
    @Test func aGzipBombPastTheFileLimitIsKeptEncoded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bomb = directory.appendingPathComponent("bomb.gz").path
        let made = try await Subprocess.run(
            "sh",
            ["-c", "{ printf '[['; yes 0, | head -n 33000000 | tr -d '\\n'; printf '0]]'; } | gzip -n -9 > '\(bomb)'"])
        #expect(made.status == 0, "\(made.stderr)")
        let compressed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bomb)))
        #expect(compressed.count < 200 * 1024)
        #expect(Inflate.outputLimit == RecordedBody.fileLimit)
        #expect(RecordedBody.fileLimit == 16 * 1024 * 1024)
        #expect(Inflate.gunzip(compressed) == nil)
        let headers = [
            HeaderField(name: "Content-Type", value: "application/json"),
            .init(name: "Content-Encoding", value: "gzip"),
        ]
        #expect(
            RecordedBody(body: compressed, headers: headers)
                == RecordedBody(bytes: compressed, fileExtension: "json.gzip", stillEncoded: true))
    }

    /// Under the limit decoded, but one value a line would take it past:
    /// stored decoded and unindented, never more than the limit.
    @Test(.ownThreads) func jsonThatWouldIndentPastTheFileLimitIsStoredAsItCame() {
        let flat = Array(("[" + String(repeating: "0,", count: 4_000_000) + "0]").utf8)
        #expect(flat.count < RecordedBody.fileLimit)
        #expect(JSONPretty.format(flat) == nil, "2.5 times 8 MB is past the limit")
        let recorded = RecordedBody(body: flat, headers: [.init(name: "Content-Type", value: "application/json")])
        #expect(recorded == RecordedBody(bytes: flat, fileExtension: "json", stillEncoded: false))
    }

    /// Indenting every line to its depth would turn these 40 KB into 16 MB
    /// (and a megabyte of the same into minutes of work): they are stored
    /// as they came, which is still the same JSON.
    @Test func deeplyNestedJSONIsKeptAsItCameInsteadOfExploding() throws {
        let hostile = Array(
            (String(repeating: "[", count: 400) + String(repeating: "0,", count: 20000)
                + String(repeating: "]", count: 400)).utf8)
        #expect(JSONPretty.format(hostile) == nil)
        let recorded = RecordedBody(body: hostile, headers: [.init(name: "Content-Type", value: "application/json")])
        #expect(recorded == RecordedBody(bytes: hostile, fileExtension: "json", stillEncoded: false))

        // Deep but small still grows past the cap once it passes 64 levels.
        let nested = { (depth: Int) in
            Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
        }
        #expect(JSONPretty.format(nested(64)) != nil)
        #expect(JSONPretty.format(nested(65)) == nil)
        // A wide, flat answer grows by a line break and two spaces an item (and two final line breaks).
        let wide = Array(("[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]").utf8)
        #expect(JSONPretty.format(wide)?.count == wide.count + 100_000 * 3 + 2)
    }

    @Test func credentialsHopByHopAndComputedHeadersAreNeverKept() {
        let upstream = [
            ("Content-Type", "application/json"), ("Set-Cookie", "session=secret"), ("Authorization", "Bearer x"),
            ("Cookie", "a=b"), ("Connection", "keep-alive"), ("Transfer-Encoding", "chunked"),
            ("Content-Length", "42"), ("Date", "Mon, 23 Nov 2026 13:00:00 GMT"), ("Server", "nginx"),
            ("Cache-Control", "max-age=60"), ("ETag", "\"abc\""), ("Retry-After", "30"), ("Location", "/next"),
            ("X-Request-Id", "abc123"), ("Access-Control-Allow-Origin", "*"), ("Proxy-Authenticate", "Basic"),
            ("Keep-Alive", "timeout=5"), ("X-RateLimit-Remaining", "9"), ("Cache-Control", "ignored second"),
        ].map { HeaderField(name: $0.0, value: $0.1) }
        #expect(
            RecordedHeaders.filter(upstream, encoded: false).map { "\($0.name): \($0.value)" } == [
                "Content-Type: application/json", "Cache-Control: max-age=60", "ETag: \"abc\"", "Retry-After: 30",
                "Location: /next", "X-RateLimit-Remaining: 9",
            ])
    }

    /// A redirect's password is a credential: the recorded `Location`
    /// keeps where it points, not who logged in (a `Link` the same).
    /// Anything else is kept as sent.
    @Test(
        arguments: [
            ("https://ana:s3cret@api.example.com/next?x=1", "https://api.example.com/next?x=1"),
            ("http://token@example.com", "http://example.com"),
            ("//ana:pw@cdn.example.com/a", "//cdn.example.com/a"),
            ("/login?next=https://a@b.example/", "/login?next=https://a@b.example/"),
            ("https://example.com/users/@ana", "https://example.com/users/@ana"),
            ("mailto:ana@example.com", "mailto:ana@example.com"),
        ])
    func aLocationIsRecordedWithoutItsUserinfo(sent: String, kept: String) {
        let headers = [
            HeaderField(name: "Location", value: sent), .init(name: "Link", value: "<https://u:p@x/2>; rel=next"),
        ]
        #expect(
            RecordedHeaders.filter(headers, encoded: false).map(\.value) == [kept, "<https://x/2>; rel=next"])
    }

    /// One list of credentials for HAR redaction and recording: nothing on
    /// it is ever kept in a fixture.
    @Test func noCredentialHeaderIsEverRecorded() {
        #expect(!RecordedHeaders.kept.contains(where: CredentialNames.isHeader))
        #expect(CredentialNames.headers.isSuperset(of: ["x-api-key", "api-key", "x-auth-token"]))
        let headers = (CredentialNames.headers + ["X-Goog-Api-Key", "X-Session-Token"]).map {
            HeaderField(name: $0, value: "secret")
        }
        #expect(RecordedHeaders.filter(headers, encoded: true).isEmpty)
    }
}
