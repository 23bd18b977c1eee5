import Foundation
import SwitchboardTestSupport
import Testing

/// The demo's todos in a real terminal: an item created with curl shows in
/// the list row's count, survives the list endpoint flipping to
/// `server_error` and back, and `R` puts the seed back.
@Suite(.serialized) struct ResourceScreenTests {
    func curl(_ port: Int, _ arguments: [String]) async throws -> String {
        try await Subprocess.run(
            "curl",
            ["-s", "-w", " %{http_code}"] + arguments.dropLast() + [
                "http://127.0.0.1:\(port)\(arguments.last ?? "/")"
            ]
        ).stdout
    }

    @Test func anItemCreatedWithCurlOutlivesAFlipAndResetPutsTheSeedBack() async throws {
        let (session, port) = try await TmuxSession.startScreen(height: 40)
        try await session.serving { session in
            #expect(await session.waitForScreen { $0.contains("/todos · 2 items") }, "\(session.screenForMessage())")
            let created = try await self.curl(
                port,
                [
                    "-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"title":"Water the plants"}"#,
                    "/todos",
                ])
            #expect(created == #"{"id":3,"title":"Water the plants"} 201"#)
            #expect(await session.waitForScreen { $0.contains("/todos · 3 items") }, "\(session.screenForMessage())")

            // The list row is the first of the six: select it, 3 is server_error.
            let rows = await session.screen().split(separator: "\n")
            let endpoints = rows.filter { $0.contains("GET ") || $0.contains("POST ") || $0.contains("PUT ") }
            let list = try #require(endpoints.firstIndex { $0.contains("/todos · ") })
            for _ in 0..<list { try await session.send("Down") }
            try await session.send("3")
            #expect(
                await session.waitForScreen { screen in
                    screen.split(separator: "\n").contains {
                        $0.contains("/todos · 3 items") && $0.contains("server_error")
                    }
                }, "\(session.screenForMessage())")
            #expect(try await self.curl(port, ["/todos"]).hasSuffix(" 500"))
            try await session.send("1")
            let listed = try await self.curl(port, ["/todos"])
            #expect(listed.contains("Water the plants") && listed.hasSuffix(" 200"), "\(listed)")

            try await session.send("R")
            #expect(await session.waitForScreen { $0.contains("/todos · 2 items") }, "\(session.screenForMessage())")
            #expect(try await !self.curl(port, ["/todos"]).contains("Water the plants"))
        }
    }
}
