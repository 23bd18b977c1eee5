import Foundation
import SwitchboardTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test upstream answers each route as the proxy tests will rely on,
/// seen directly by URLSession and curl: if one of these fails, a proxy test
/// failing beside it says nothing about the proxy.
@Suite struct TestUpstreamTests {
    @Test func theUploadRouteHashesWhatItReadsAndTheRefuseRouteAnswersFirst() async throws {
        try await TestUpstream.start().serving { upstream in
            let body = Data((0..<300_000).map { UInt8($0 % 251) })
            let hashed = try await HTTPClient.send(upstream.url(.uploadSHA256), method: "POST", body: body).json()
            #expect(hashed["bodyLength"] as? Int == body.count)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
            try body.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let expected = try await Subprocess.run("sha256sum", [file.path]).stdout.prefix(64)
            #expect(hashed["bodySHA256"] as? String == String(expected))
            let last = try await HTTPClient.send(upstream.url(.uploadLast)).json()
            #expect(last["complete"] as? Bool == true)
            #expect(last["received"] as? Int == body.count)
            let refused = try await HTTPClient.send(upstream.url(.uploadRefuse), method: "POST", body: body)
            #expect(refused.status == 413)
        }
    }

    @Test func jsonComesWithItsCacheHeaders() async throws {
        try await TestUpstream.start().serving { upstream in
            let response = try await HTTPClient.send(upstream.url(.json))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("ETag") == "\"v1\"")
            #expect(try response.json()["source"] as? String == "upstream")
        }
    }

    @Test func theGzipBodyIsSentEncodedAndDecodesToJSON() async throws {
        try await TestUpstream.start().serving { upstream in
            let raw = try await Subprocess.run(
                "bash", ["-c", "curl -s '\(upstream.url(.gzip))' | head -c 2 | od -An -tx1"])
            #expect(raw.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1f 8b")
            let decoded = try await Subprocess.run("curl", ["-s", "--compressed", upstream.url(.gzip).absoluteString])
            #expect(decoded.stdout.hasPrefix("{\"compressed\": true"))
            let head = try await Subprocess.run("curl", ["-s", "-o", "/dev/null", "-D", "-", "\(upstream.url(.gzip))"])
            #expect(head.stdout.contains("Content-Encoding: gzip\r\n"))
        }
    }

    @Test func theJPEGHasItsMarkersAndEveryByteValue() async throws {
        try await TestUpstream.start().serving { upstream in
            let response = try await HTTPClient.send(upstream.url(.jpeg))
            #expect(response.header("Content-Type") == "image/jpeg")
            #expect(Array(response.body.prefix(2)) == [0xFF, 0xD8])
            #expect(Array(response.body.suffix(2)) == [0xFF, 0xD9])
            #expect(Set(response.body).count == 256)
        }
    }

    @Test func theChunkedAnswerIsChunkedOnTheWire() async throws {
        try await TestUpstream.start().serving { upstream in
            let raw = try await Subprocess.run(
                "curl", ["-s", "--raw", "-D", "-", upstream.url(.chunked).absoluteString])
            #expect(raw.stdout.contains("Transfer-Encoding: chunked\r\n"))
            #expect(raw.stdout.hasSuffix("1\r\n}\r\n0\r\n\r\n"))
            let response = try await HTTPClient.send(upstream.url(.chunked))
            #expect(response.text == #"{"chunked":true,"parts":[1,2,3]}"#)
        }
    }

    @Test func the100MBDownloadMatchesTheChecksumTheUpstreamGives() async throws {
        try await TestUpstream.start().serving { upstream in
            let download = try await CurlChecksum.get(upstream.url(.download))
            let expected = try await HTTPClient.send(upstream.url(.downloadSHA256)).text
            #expect(download.exitCode == 0)
            #expect(download.status == 200)
            #expect(download.bytes == 100 * 1024 * 1024)
            #expect(download.sha256 == expected)
            // Another size is another checksum: the blocks are numbered.
            let small = try await CurlChecksum.get(upstream.url(.download, query: "bytes=1000"))
            let smallExpected = try await HTTPClient.send(upstream.url(.downloadSHA256, query: "bytes=1000")).text
            #expect(small.bytes == 1000)
            #expect(small.sha256 == smallExpected)
            #expect(small.sha256 != download.sha256)
        }
    }

    @Test func redirectsAndCookiesAreLeftForTheClient() async throws {
        try await TestUpstream.start().serving { upstream in
            let redirect = try await Subprocess.run("curl", ["-s", "-D", "-", upstream.url(.redirect).absoluteString])
            #expect(redirect.stdout.hasPrefix("HTTP/1.1 302 Found\r\n"))
            #expect(redirect.stdout.contains("Location: /json\r\n"))
            let cookies = try await Subprocess.run("curl", ["-s", "-D", "-", upstream.url(.cookie).absoluteString])
            #expect(cookies.stdout.contains("Set-Cookie: session=abc123; Path=/; HttpOnly\r\n"))
            #expect(cookies.stdout.contains("Set-Cookie: theme=dark; Max-Age=3600\r\n"))
        }
    }

    @Test func headNoContentAndNotModifiedHaveNoBody() async throws {
        try await TestUpstream.start().serving { upstream in
            let json = try await HTTPClient.send(upstream.url(.json)).body
            let head = try await Subprocess.run("curl", ["-s", "-I", upstream.url(.json).absoluteString])
            #expect(head.stdout.contains("Content-Length: \(json.count)\r\n"))
            #expect(head.stdout.hasSuffix("\r\n\r\n"))
            // One connection for all three: a body where none belongs would
            // be read as the next answer's head.
            let url = upstream.url(.noContent).absoluteString
            let etag = upstream.url(.etag).absoluteString
            let three = try await Subprocess.run(
                "curl",
                ["-s", "-H", "If-None-Match: \"v1\"", "-w", "%{http_code} %{size_download} %{num_connects}\n"]
                    + ["-o", "/dev/null", url, "-o", "/dev/null", etag, "-o", "/dev/null", url])
            #expect(three.stdout == "204 0 1\n304 0 0\n204 0 0\n")
        }
    }

    @Test func theEchoShowsWhatTheUpstreamReceived() async throws {
        try await TestUpstream.start().serving { upstream in
            let body = Data("name=switchboard".utf8)
            let response = try await HTTPClient.send(
                upstream.url(.echo, query: "page=2&q=a%20b"), method: "PUT", headers: ["X-Trace": "t-1"], body: body)
            let echo = try response.json()
            #expect(echo["method"] as? String == "PUT")
            #expect(echo["path"] as? String == "/echo")
            #expect(echo["query"] as? String == "page=2&q=a%20b")
            let headers = echo["headers"] as? [[String]] ?? []
            #expect(headers.contains(["X-Trace", "t-1"]))
            #expect(headers.contains(["Host", "127.0.0.1:\(upstream.port)"]))
            #expect(echo["bodyBase64"] as? String == body.base64EncodedString())
            #expect(echo["bodyLength"] as? Int == body.count)
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        try await TestUpstream.start().serving { upstream in
            let url = upstream.url(.echo).absoluteString
            let result = try await Subprocess.run(
                "curl",
                ["-s", "-w", "%{num_connects}\n"] + Array(repeating: ["-o", "/dev/null", url], count: 3).flatMap { $0 })
            #expect(result.stdout == "1\n0\n0\n")
            let accepted = try await HTTPClient.send(upstream.url(.connections)).json()["accepted"] as? Int
            // curl's one connection, and this request's own.
            #expect(accepted == 2)
        }
    }

    @Test func theSlowRouteOutlastsAShortTimeoutAndTheResetRouteResets() async throws {
        try await TestUpstream.start().serving { upstream in
            let slow = try await CurlTiming.get(upstream.url(.slow, query: "ms=3000"), extra: ["--max-time", "0.3"])
            #expect(slow.exitCode == 28, "curl: operation timed out")
            let slowBody = try await CurlTiming.get(
                upstream.url(.slow, query: "ms=3000&stage=body"), extra: ["--max-time", "0.3"])
            #expect(slowBody.exitCode == 28)
            #expect(slowBody.status == 200, "the head came before the wait")
            let reset = try await CurlTiming.get(upstream.url(.reset))
            #expect(reset.exitCode == 56, "curl: connection reset by peer")
            #expect(reset.status == 0)
        }
    }

    @Test func aStoppedUpstreamRefusesConnections() async throws {
        let upstream = try await TestUpstream.start()
        let url = upstream.url(.json)
        #expect(try await CurlTiming.get(url).status == 200)
        await upstream.stop()
        #expect(try await CurlTiming.get(url).exitCode == 7, "curl: could not connect")
    }
}
