public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Loads the coin list from `GET /data/all/coinlist` (CryptoCompare's
/// shape: `{"Data": {"BTC": {…}, …}}`), sorted as the API orders it.
public struct CoinClient: Sendable {
    public let baseURL: URL
    public let session: URLSession

    public init(baseURL: URL, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.baseURL = baseURL
        self.session = session
    }

    public func coins() async throws(CoinListError) -> [Coin] {
        let url = self.baseURL.appendingPathComponent("data/all/coinlist")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await self.session.data(from: url)
        } catch {
            throw .network
        }
        guard let http = response as? HTTPURLResponse else { throw .network }
        switch http.statusCode {
        case 200:
            struct List: Decodable { var Data: [String: Coin] }
            guard let list = try? JSONDecoder().decode(List.self, from: data) else { throw .unreadable }
            return list.Data.values.sorted { ($0.sortOrder, $0.symbol) < ($1.sortOrder, $1.symbol) }
        case 429:
            throw .rateLimited(retryAfter: http.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0) })
        default:
            throw .server(status: http.statusCode)
        }
    }
}
