import CoinList
import SwitchboardKit
import Testing

/// Each test gets its own Switchboard on a port of its own; the client
/// talks to it over the loopback, as the app talks to its API.
@Suite(.switchboard("Fixtures")) struct OverTheSocketTests {
    var board: Switchboard { Switchboard.current }
    var client: CoinClient { CoinClient(baseURL: Switchboard.current.baseURL) }

    @Test func listsTheCoinsInOrder() async throws {
        try await CoinListChecks.listsTheCoinsInOrder(self.board, self.client)
    }

    @Test func reportsTheRateLimit() async throws {
        try await CoinListChecks.reportsTheRateLimit(self.board, self.client)
    }

    @Test func reportsAServerError() async throws {
        try await CoinListChecks.reportsAServerError(self.board, self.client)
    }

    @Test func reportsALostConnection() async throws {
        try await CoinListChecks.reportsALostConnection(self.board, self.client)
    }

    @Test func waitsOutSlow3G() async throws {
        try await CoinListChecks.waitsOutSlow3G(self.board, self.client)
    }
}
