/// `limit_data:N`: N body bytes go, then the connection is cut under the
/// body. Only a byte past N cuts: a body that ends at or before N goes
/// whole and ends as it would have (a limit at or above the body's size
/// changes nothing). The one rule for a fixture's body, counted at once
/// (`AnswerPlan.Cut.after`), and a relayed one, counted part by part as it
/// arrives, whose length may not be known before its end.
struct DataLimit: Equatable {
    /// Body bytes that may still go before the cut.
    private(set) var left: Int

    init(_ limit: Int) {
        self.left = max(0, limit)
    }

    /// Of `length` more bytes, how many go, and whether the cut follows
    /// them (a byte past the limit was to go).
    mutating func admit(_ length: Int) -> (bytes: Int, cut: Bool) {
        let bytes = min(self.left, length)
        self.left -= bytes
        return (bytes, bytes < length)
    }

    /// What of a whole body of `length` bytes goes under a limit of
    /// `limit`, and whether it is cut.
    static func body(of length: Int, under limit: Int) -> (bytes: Int, cut: Bool) {
        var limit = DataLimit(limit)
        return limit.admit(length)
    }
}
