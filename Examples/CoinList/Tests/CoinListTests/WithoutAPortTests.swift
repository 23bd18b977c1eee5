import CoinList
import SwitchboardKit
import Testing

/// The same tests with no port: the client's session comes from the
/// instance, and `SwitchboardURLProtocol` answers it inside the process.
@Suite(.switchboardInProcess("Fixtures")) struct WithoutAPortTests {
    var board: Switchboard { Switchboard.current }
    var client: CoinClient {
        CoinClient(baseURL: Switchboard.current.baseURL, session: Switchboard.current.urlSession())
    }

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
