import CoinList
import SwitchboardKit
import Testing

// The "Without a port: URLProtocol" example of docs/testing-library.md, as
// written there.
@Suite(.switchboardInProcess("Fixtures")) struct LostConnectionTests {
    @Test func aResetIsANetworkFailure() async throws {
        let board = Switchboard.current  // this test's instance: no port
        let client = CoinClient(baseURL: board.baseURL, session: board.urlSession())
        try await board.set("coinlist", .reset)
        await #expect(throws: CoinListError.network) { try await client.coins() }
        #expect(try await board.requests("coinlist").map(\.mode) == [.reset])
    }
}
