import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// `x` on the screen: a request as a curl command that a shell runs as is.
@Suite struct CurlCommandTests {
    static func copy(
        _ method: String = "GET", _ target: String = "/weather?lat=35.9&lon=14.5", headers: [(String, String)] = [],
        body: [UInt8] = []
    ) -> RequestCopy {
        RequestCopy(
            sequence: 17, method: method, target: target,
            headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: body)
    }

    @Test func aGetIsTheURLAndTheHeadersAsSentWithoutTheConnectionOnes() {
        let copy = Self.copy(
            headers: [
                ("Host", "127.0.0.1:8080"), ("User-Agent", "MyApp/1.2"), ("Connection", "keep-alive"),
                ("Accept", "application/json"), ("Content-Length", "0"),
            ])
        #expect(
            CurlCommand(copy, serverURL: "http://127.0.0.1:8080").text(bodyFile: nil) == """
                curl -sS -i 'http://127.0.0.1:8080/weather?lat=35.9&lon=14.5' \\
                  -H 'User-Agent: MyApp/1.2' \\
                  -H 'Accept: application/json'
                """)
    }

    @Test func singleQuotesInsideAreClosedEscapedAndReopened() {
        let copy = Self.copy(
            "PUT", "/notes/1", headers: [("X-Note", "it's")], body: Array(#"{"text": "don't $(rm -rf /) `x`"}"#.utf8))
        let text = CurlCommand(copy, serverURL: "http://127.0.0.1:8080").text(bodyFile: nil)
        #expect(
            text == """
                curl -sS -i -X 'PUT' 'http://127.0.0.1:8080/notes/1' \\
                  -H 'X-Note: it'\\''s' \\
                  --data-binary '{"text": "don'\\''t $(rm -rf /) `x`"}'
                """)
        #expect(CurlCommand.quote("'") == #"''\'''"#)
    }

    @Test func aPostWithABodyNeedsNoMethodFlagAndAHeadIsHead() {
        let post = Self.copy("POST", "/login", body: Array("user=a".utf8))
        #expect(
            CurlCommand(post, serverURL: "http://h:1").text(bodyFile: nil).hasPrefix("curl -sS -i 'http://h:1/login'"))
        let head = Self.copy("HEAD", "/")
        #expect(CurlCommand(head, serverURL: "http://h:1").text(bodyFile: nil) == "curl -sS -i --head 'http://h:1/'")
    }

    @Test func binaryAndLongBodiesAreReadFromAFile() {
        let binary = Self.copy("POST", "/upload", body: [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let command = CurlCommand(binary, serverURL: "http://h:1")
        #expect(command.needsBodyFile)
        #expect(
            command.text(bodyFile: "/tmp/switchboard-request-17.body").hasSuffix(
                "--data-binary '@/tmp/switchboard-request-17.body'"))
        let long = Self.copy(
            "POST", "/upload", body: Array(repeating: UInt8(ascii: "a"), count: CurlCommand.inlineBodyLimit + 1))
        #expect(CurlCommand(long, serverURL: "http://h:1").needsBodyFile)
        let text = Self.copy("POST", "/upload", body: Array("line 1\nline 2\ttab".utf8))
        #expect(!CurlCommand(text, serverURL: "http://h:1").needsBodyFile)
    }

    @Test func credentialsAreMaskedOnlyWhereAsked() {
        let copy = Self.copy(headers: [("Authorization", "Bearer secret"), ("Accept", "*/*")])
        let masked = CurlCommand(copy, serverURL: "http://h:1", masksCredentials: true)
        #expect(masked.masksSomething)
        #expect(masked.text(bodyFile: nil).contains("-H 'Authorization: MASKED'"))
        #expect(!masked.text(bodyFile: nil).contains("secret"))
        #expect(CurlCommand(copy, serverURL: "http://h:1").text(bodyFile: nil).contains("Bearer secret"))
    }

    /// The clipboard's copy hides what the screen hides: key-like headers
    /// (`X-Session-Token`) and credentials in the query, not only the
    /// headers HAR files used to redact.
    @Test func theClipboardMasksKeyHeadersAndQueryCredentials() {
        let copy = Self.copy(
            "GET", "/api/getPerson?id=1&api_key=sk_live_SECRET123456&Access-Token=tok",
            headers: [("X-Session-Token", "sess-SECRET"), ("X-Goog-Api-Key", "AIzaSECRET"), ("Accept", "*/*")])
        let text = CurlCommand(copy, serverURL: "http://h:1", masksCredentials: true).text(bodyFile: nil)
        #expect(text.hasPrefix("curl -sS -i 'http://h:1/api/getPerson?id=1&api_key=MASKED&Access-Token=MASKED'"))
        #expect(text.contains("-H 'X-Session-Token: MASKED'"))
        #expect(text.contains("-H 'X-Goog-Api-Key: MASKED'"))
        #expect(text.contains("-H 'Accept: */*'"))
        #expect(!text.contains("SECRET"))
    }

    @Test func aReplayIsTheSameRequestOnAConnectionOfItsOwnMarkedAsAReplay() {
        let copy = Self.copy(
            "POST", "/login", headers: [("Content-Type", "text/plain"), ("Connection", "keep-alive")],
            body: Array("hi".utf8))
        #expect(
            String(decoding: copy.wireBytes(host: "127.0.0.1:8080"), as: UTF8.self)
                == "POST /login HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: text/plain\r\n"
                + "X-Switchboard-Replay: 17\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
    }

    @Test func aRequestWhoseBodyWasCutCannotBeCopied() {
        let exchange = FakeExchange(
            requestHeaders: [], requestBody: "abc", requestBodySize: 100_000, responseHeaders: [], responseBody: [])
        let entry = JournalEntry(
            sequence: 3, time: 0, method: "POST", target: "/", status: .answered(200), duration: .zero,
            endpointID: nil, mode: nil, latency: nil, details: exchange)
        #expect(throws: RequestCopy.Refusal.bodyCut(3, size: 100_000)) { try RequestCopy(entry) }
    }
}

extension CurlCommandTests {
    /// curl expands `{a,b}` and `[1-3]` in a URL unless told not to: the
    /// copy must send the request that was made, once.
    @Test func aTargetWithBracketsOrBracesTurnsCurlsGlobbingOff() {
        let globby = Self.copy("GET", "/api/getPerson?id=[1-3]&f={x}")
        #expect(
            CurlCommand(globby, serverURL: "http://h:1").text(bodyFile: nil)
                == "curl -sS -i -g 'http://h:1/api/getPerson?id=[1-3]&f={x}'")
        #expect(!CurlCommand(Self.copy(), serverURL: "http://h:1").text(bodyFile: nil).contains(" -g "))
    }
}
