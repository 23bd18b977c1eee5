import Foundation
import SwitchboardKit
import Testing

@Suite struct VerificationTests {
    @Test(.switchboard("Fixtures"))
    func unmatchedRequestsFailTheTestWithWhatCameIn() async throws {
        let board = Switchboard.current
        #expect(await AuthClient(baseURL: board.baseURL).get("/logn") == 404)
        #expect(try await board.unmatchedRequests().map(\.path) == ["/logn"])
        await withKnownIssue {
            await board.verifyNoUnmatchedRequests()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("received 1 request no endpoint answered")
                && text.contains("GET /logn → 404 (unmatched:")
                && issue.sourceLocation?.fileName == "VerificationTests.swift"
        }
    }

    @Test(.switchboard("Fixtures"))
    func noUnmatchedRequestsPasses() async throws {
        let board = Switchboard.current
        #expect(await AuthClient(baseURL: board.baseURL).get("/profile/ada") == 200)
        #expect(await board.verifyNoUnmatchedRequests())
    }

    @Test(.switchboard("Fixtures"))
    func awaitingARequestFiredFromABackgroundTask() async throws {
        let board = Switchboard.current
        let client = AuthClient(baseURL: board.baseURL)
        // The app's code fires and forgets; the test only waits for the
        // request to show up.
        let app = Task.detached { _ = await client.login(email: "bg@b.c", password: "x") }
        let login = try #require(await board.waitForRequest(to: "login"))
        #expect(try login.decodeBody(as: [String: String].self)["email"] == "bg@b.c")
        await app.value
    }

    @Test(.switchboard("Fixtures"))
    func awaitingSeveralRequests() async throws {
        let board = Switchboard.current
        let client = AuthClient(baseURL: board.baseURL)
        let app = Task.detached {
            for user in ["a", "b", "c"] { _ = await client.get("/profile/\(user)") }
        }
        // Generous: with the whole suite running on two loaded cores, three
        // URLSession requests in turn once took more than the default 5 s.
        let requests = await board.awaitRequests(to: "profile", count: 3, timeout: .seconds(60))
        #expect(requests.map(\.path) == ["/profile/a", "/profile/b", "/profile/c"])
        await app.value
    }

    @Test(.switchboard("Fixtures"))
    func aRequestThatNeverComesFailsAtTheTimeoutSayingWhatDid() async throws {
        let board = Switchboard.current
        #expect(await AuthClient(baseURL: board.baseURL).get("/profile/ada") == 200)
        await withKnownIssue {
            let login = await board.waitForRequest(to: "login", timeout: .milliseconds(50))
            #expect(login == nil)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("waited 0.05 seconds for a request to 'login' and got 0")
                && text.contains("GET /profile/ada → 200 (profile: success)")
        }
    }

    @Test(.switchboard("Fixtures"))
    func waitingOnAnEndpointThatDoesNotExistFailsAtOnce() async throws {
        await withKnownIssue {
            _ = await Switchboard.current.waitForRequest(to: "logn")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no endpoint 'logn'")
        }
    }

    @Test(.switchboard("Fixtures"))
    func unknownEndpointIdsThrowWithTheValidOnes() async throws {
        let error = await #expect(throws: SwitchboardError.self) {
            try await Switchboard.current.requests("logn")
        }
        #expect(error?.problem == .unknownEndpoint)
        #expect(error?.valid == ["login", "profile"])
    }
}
