import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// What the server makes of requests at the edge of HTTP/1.1: Host headers,
/// absolute-form targets, and what browsers are told (CORS) — on NIO's
/// embedded channel, bytes in and bytes out.
@Suite struct WireChecksTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a }
          - { id: any, method: GET, path: "/{first}/{second}" }
          - id: limited
            method: GET
            path: /limited
            success: { status: 429, headers: { Retry-After: "30", X-Rate-Limit: "0" }, json: { error: slow down } }
        """

    func connect(remote: String = "127.0.0.1", token: String? = nil) throws -> WireHarness {
        try WireHarness(panel: MemoryFixtures(Self.manifest).panel(), controlToken: token, remote: remote)
    }

    @Test func twoHostHeadersAre400AndTheServerServesOn() throws {
        let connection = try self.connect()
        let answer = try connection.exchange("GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request"), "\(answer)")
        #expect(answer.contains("more than one Host header"))
        #expect(!connection.isActive)
        #expect(connection.journal.entries(after: 0).entries.map(\.status) == [.answered(400)])
        let next = try self.connect()
        #expect(try next.exchange("GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func anHTTP11RequestWithoutHostIs400() throws {
        let connection = try self.connect()
        // The request pipelined behind it is not answered: the connection closes.
        let answer = try connection.exchange("GET /a HTTP/1.1\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request"), "\(answer)")
        #expect(answer.contains("needs a Host header"))
        #expect(!answer.contains("200 OK"), "\(answer)")
        #expect(!connection.isActive)
    }

    @Test func anHTTP10RequestMayLeaveHostOut() throws {
        let connection = try self.connect()
        #expect(try connection.exchange("GET /a HTTP/1.0\r\n\r\n").hasPrefix("HTTP/1.0 200 OK"))
    }

    @Test func anAbsoluteFormControlRequestReachesTheControlAPI() throws {
        let connection = try self.connect()
        let answer = try connection.exchange(
            "GET http://127.0.0.1:8080/__switchboard/endpoints HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer)")
        #expect(answer.contains(#""id":"limited""#))
        // Kept out of the fake API's journal, like every control call.
        #expect(connection.journal.entries(after: 0).entries.isEmpty)
    }

    @Test func anAbsoluteFormControlRequestForAnotherHostIsRefused() throws {
        let connection = try self.connect()
        for scheme in ["http", "HTTP"] {
            let answer = try connection.exchange(
                "POST \(scheme)://evil.example/__switchboard/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
            )
            #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden"), "\(answer)")
            #expect(answer.contains("not for another host name"))
        }
        #expect(connection.journal.entries(after: 0).entries.isEmpty)
    }

    @Test func aPreflightForTheControlAPIGrantsNothing() throws {
        let connection = try self.connect()
        let answer = try connection.exchange(
            "OPTIONS /__switchboard/endpoints/a HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nOrigin: http://localhost:3000\r\n"
                + "Access-Control-Request-Method: PUT\r\nAccess-Control-Request-Headers: content-type\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden"), "\(answer)")
        #expect(!answer.lowercased().contains("access-control-"))
        // With a token the preflight, which never carries it, is refused too.
        let guarded = try self.connect(token: "0123456789abcdef")
        let refused = try guarded.exchange(
            "OPTIONS /__switchboard/reset HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nOrigin: http://localhost:3000\r\n"
                + "Access-Control-Request-Method: POST\r\n\r\n")
        #expect(refused.hasPrefix("HTTP/1.1 401 Unauthorized"), "\(refused)")
        #expect(!refused.lowercased().contains("access-control-"))
    }

    @Test func aCredentialedPageMayReadEveryHeaderByName() throws {
        let connection = try self.connect()
        let answer = try connection.exchange(
            "GET /limited HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nOrigin: http://localhost:3000\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 429 Too Many Requests"), "\(answer)")
        #expect(answer.contains("Access-Control-Allow-Credentials: true"))
        let exposed = try #require(
            answer.split(separator: "\r\n").first { $0.hasPrefix("Access-Control-Expose-Headers: ") })
        let names = exposed.dropFirst("Access-Control-Expose-Headers: ".count).split(separator: ", ")
        #expect(names.contains("Retry-After"))
        #expect(names.contains("X-Rate-Limit"))
        #expect(!names.contains("*"))
        #expect(!names.contains("Content-Length"))
    }

    @Test func withoutOriginTheAnswerIsThePrebuiltOne() throws {
        let connection = try self.connect()
        let answer = try connection.exchange("GET /limited HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 429 Too Many Requests"))
        #expect(!answer.contains("Access-Control"))
    }
}
