import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// `GET /__switchboard/requests?wait=S` on a real server: held until a
/// matching request is journaled (the journal wakes it; nothing polls),
/// answered at its deadline with what there is, and never holding up a
/// shutdown. The cap and a malformed `wait` are `ControlRequestListTests`.
/// The polls are child tasks of a test on a thread of its own: in the whole
/// suite, a poll waiting for a cooperative thread was not sent in a minute.
@Suite(.ownThreads) struct ControlLongPollTests {
    static func records(_ result: HTTPResult) throws -> [RequestRecord] {
        try ControlCoding.decoder().decode([RequestRecord].self, from: result.body)
    }

    /// Until the server holds a long poll: a state no event announces to
    /// the test. Generous: with the whole suite running on two cores, the
    /// request can take many seconds to be sent.
    static func held(_ server: RunningServer, count: Int = 1) async -> Bool {
        let arrivals = server.server.responder.arrivals
        return await waitUntilSeen(timeout: 60) { arrivals.waiterCount == count }
    }

    @Test func aLongPollAnswersWhenAMatchingRequestArrives() async throws {
        try await RunningServer.demo().serving { server in
            _ = try await HTTPClient.send(server.url("/data/all/coinlist"))
            async let poll = HTTPClient.send(
                server.url("/__switchboard/requests?endpoint=login&after=1&wait=30&details=true"))
            #expect(await Self.held(server))
            // Not this one: another endpoint.
            _ = try await HTTPClient.send(server.url("/data/all/coinlist"))
            _ = try await HTTPClient.send(
                server.url("/login"), method: "POST",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer app-secret"],
                body: Data(#"{"email":"a@example.com","password":"s3cret"}"#.utf8))
            let answer = try await poll
            #expect(answer.status == 200)
            let records = try Self.records(answer)
            #expect(records.map(\.sequence) == [3])
            #expect(records.first?.header("Authorization") == "REDACTED")
            #expect(records.first?.bodyText == #"{"email":"a@example.com","password":"s3cret"}"#)
            #expect(server.server.responder.arrivals.waiterCount == 0)
        }
    }

    @Test func aLongPollWithAMatchAlreadyThereAnswersAtOnce() async throws {
        try await RunningServer.demo().serving { server in
            _ = try await HTTPClient.send(server.url("/data/all/coinlist"))
            let answer = try await HTTPClient.send(server.url("/__switchboard/requests?endpoint=coinlist&wait=60"))
            #expect(try Self.records(answer).count == 1)
        }
    }

    @Test func aLongPollNothingAnswersEndsEmptyAtItsDeadline() async throws {
        try await RunningServer.demo().serving { server in
            let answer = try await HTTPClient.send(server.url("/__switchboard/requests?endpoint=login&wait=0.2"))
            #expect(answer.status == 200)
            #expect(try Self.records(answer).isEmpty)
            #expect(server.server.responder.arrivals.waiterCount == 0)
        }
    }

    @Test func aClientThatLeavesEndsItsLongPoll() async throws {
        try await RunningServer.demo().serving { server in
            await withThrowingTaskGroup { group in
                group.addTask { _ = try await HTTPClient.send(server.url("/__switchboard/requests?wait=60")) }
                #expect(await Self.held(server))
                group.cancelAll()
                #expect(await Self.held(server, count: 0))
            }
        }
    }

    @Test func aLongPollDoesNotHoldUpShutdown() async throws {
        let server = try RunningServer.demo()
        async let poll = try? HTTPClient.send(server.url("/__switchboard/requests?wait=60"))
        #expect(await Self.held(server))
        let started = ContinuousClock.now
        await server.stop()
        _ = await poll
        // Below the 60 s the poll asked for.
        #expect(ContinuousClock.now - started < .seconds(45))
        #expect(server.server.responder.arrivals.waiterCount == 0)
    }
}
