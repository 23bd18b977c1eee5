/// Edit distance, for "did you mean" suggestions and for naming the
/// closest endpoint to an unmatched request.
public enum EditDistance {
    /// Edit distance where swapping two neighbours counts as one edit
    /// (optimal string alignment), so `GTE` is one typo away from `GET`.
    public static func between(_ a: String, _ b: String) -> Int {
        self.between(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: .max)
    }

    /// The distance between `x` and `y`, or some number above `limit` as
    /// soon as it is sure to exceed it (a search that already has a better
    /// candidate need not finish the table).
    public static func between(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], limit: Int) -> Int {
        if abs(x.count - y.count) > limit { return abs(x.count - y.count) }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previousMinimum = 0
        // Three rolling rows: the transposition looks two rows back.
        var twoBack = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    best = min(best, twoBack[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = min(rowMinimum, best)
            }
            // A row's cells build on the row above (or, for a transposition,
            // the one above that): once two rows in a row are past the
            // limit, every later row is too.
            if rowMinimum > limit && previousMinimum > limit { return rowMinimum }
            previousMinimum = rowMinimum
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[y.count]
    }

    /// The candidate closest to `word`, if it is close enough to be a typo.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = between(lowered, candidate.lowercased())
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        // One edit for short words, two up to six letters, three beyond.
        let limit = candidate.count <= 3 ? 1 : candidate.count <= 6 ? 2 : 3
        return distance <= limit ? candidate : nil
    }
}
