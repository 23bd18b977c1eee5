/// `/` in the endpoint list: the words typed so far and the row the search
/// started from (esc goes back there). The selection itself moves to the
/// matches, so every key of the list works on what was found.
public struct EndpointSearch: Equatable, Sendable {
    public var text: String
    /// The row selected when `/` was pressed.
    public let origin: Int

    public init(text: String = "", origin: Int) {
        self.text = text
        self.origin = origin
    }

    /// Whether every word typed appears (any case) in the row's id, method
    /// or path: `post todos` finds `POST /todos`.
    public func matches(_ row: EndpointRow) -> Bool {
        let words = self.text.lowercased().split(separator: " ")
        guard !words.isEmpty else { return true }
        let haystack = "\(row.id) \(row.method) \(row.path)".lowercased()
        return words.allSatisfy { haystack.contains($0) }
    }

    /// The first matching row from `start` on (`start` itself included),
    /// going `forward` or back and wrapping round; `nil` when none matches.
    public func match(in rows: [EndpointRow], from start: Int, forward: Bool = true) -> Int? {
        guard !rows.isEmpty else { return nil }
        let count = rows.count
        let first = min(max(0, start), count - 1)
        for step in 0..<count {
            let index = forward ? (first + step) % count : (first - step + count) % count
            if self.matches(rows[index]) { return index }
        }
        return nil
    }

    /// Which match `selected` is and how many there are (`3 of 41`), for
    /// the prompt; `nil` while nothing matches.
    public func place(of selected: Int, in rows: [EndpointRow]) -> (number: Int, count: Int)? {
        var count = 0
        var number = 0
        for (index, row) in rows.enumerated() where self.matches(row) {
            count += 1
            if index == selected { number = count }
        }
        return count == 0 ? nil : (number, count)
    }
}
