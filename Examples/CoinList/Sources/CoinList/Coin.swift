/// One coin of the list, as the app shows it.
public struct Coin: Decodable, Equatable, Sendable {
    /// `BTC`
    public var symbol: String
    /// `Bitcoin`
    public var name: String
    /// Where the list puts it: 1 first.
    public var sortOrder: Int

    public init(symbol: String, name: String, sortOrder: Int) {
        self.symbol = symbol
        self.name = name
        self.sortOrder = sortOrder
    }

    private enum CodingKeys: String, CodingKey {
        case symbol = "Symbol"
        case name = "CoinName"
        case sortOrder = "SortOrder"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.symbol = try container.decode(String.self, forKey: .symbol)
        self.name = try container.decode(String.self, forKey: .name)
        // The API sends the order as text ("1").
        self.sortOrder = Int(try container.decode(String.self, forKey: .sortOrder)) ?? .max
    }
}
