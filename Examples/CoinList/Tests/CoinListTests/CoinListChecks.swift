import CoinList
import Foundation
import SwitchboardKit
import Testing

/// The checks every way of running Switchboard must pass: the app's
/// client, pointed at the test's instance, against each thing the API
/// can do to it.
enum CoinListChecks {
    static func listsTheCoinsInOrder(_ board: Switchboard, _ client: CoinClient) async throws {
        let coins = try await client.coins()
        #expect(coins.map(\.symbol) == ["BTC", "ETH", "LTC", "DOGE"])
        #expect(coins.first == Coin(symbol: "BTC", name: "Bitcoin", sortOrder: 1))
        #expect(try await board.requests("coinlist").count == 1)
        await board.verifyNoUnmatchedRequests()
    }

    static func reportsTheRateLimit(_ board: Switchboard, _ client: CoinClient) async throws {
        try await board.set("coinlist", .error)
        await #expect(throws: CoinListError.rateLimited(retryAfter: 30)) { try await client.coins() }
    }

    static func reportsAServerError(_ board: Switchboard, _ client: CoinClient) async throws {
        try await board.set("coinlist", .serverError)
        await #expect(throws: CoinListError.server(status: 500)) { try await client.coins() }
    }

    static func reportsALostConnection(_ board: Switchboard, _ client: CoinClient) async throws {
        try await board.set("coinlist", .reset)
        await #expect(throws: CoinListError.network) { try await client.coins() }
        // The request did arrive: the network failed it, not the app.
        #expect(try await board.requests("coinlist").map(\.mode) == [.reset])
    }

    static func waitsOutSlow3G(_ board: Switchboard, _ client: CoinClient) async throws {
        try await board.set("coinlist", .success, latency: .profile("3g"))
        let clock = ContinuousClock()
        let started = clock.now
        let coins = try await client.coins()
        // 3g holds the answer back 150 ms: a lower bound, not a window.
        #expect(clock.now - started >= .milliseconds(150))
        #expect(coins.count == 4)
    }
}
