/// Finds the endpoint whose path is nearest (by edit distance) to a path no
/// endpoint has, for the 404's "did you mean". Built once per manifest.
///
/// A manifest may hold tens of thousands of endpoints, and an unmatched
/// request is answered on an event loop: measuring the distance to every
/// path would cost that loop hundreds of milliseconds. A manifest up to
/// `comparisonLimit` endpoints is searched whole; a larger one only at the
/// paths that share the longest beginning or the longest ending with the
/// request's (its neighbours in two sorted orders, found by binary search):
/// a typo leaves one of the two intact, and an extra or missing segment at
/// the end leaves the beginning.
public struct ClosestPath: Sendable {
    /// At most this many edit distances per search.
    public static let comparisonLimit = 64
    /// Paths longer than this are cut before measuring: a hostile 80 KB path
    /// must not cost seconds of CPU.
    static let distanceLimit = 200
    /// A different method costs as much as this many edits.
    static let methodPenalty = 3

    private let paths: [[Unicode.Scalar]]
    private let methods: [String]
    /// Endpoint indices by path, and by path read backwards.
    private let byPath: [Int]
    private let byReversedPath: [Int]

    public init(endpoints: [EndpointDefinition]) {
        let paths = endpoints.map { Array($0.path.description.unicodeScalars.prefix(Self.distanceLimit)) }
        self.paths = paths
        self.methods = endpoints.map(\.method)
        guard endpoints.count > Self.comparisonLimit else {
            self.byPath = []
            self.byReversedPath = []
            return
        }
        let keys = paths.map { $0.map(\.value) }
        let reversedKeys = keys.map { Array($0.reversed()) }
        self.byPath = endpoints.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        self.byReversedPath = endpoints.indices.sorted { reversedKeys[$0].lexicographicallyPrecedes(reversedKeys[$1]) }
    }

    /// The nearest endpoint's index (ties go to the earlier endpoint), and
    /// how many edit distances it took to find.
    public func search(method: String, path: String) -> (index: Int?, comparisons: Int) {
        let path = Array(path.unicodeScalars.prefix(Self.distanceLimit))
        var best: (index: Int, score: Int)?
        var comparisons = 0
        func consider(_ index: Int) {
            let penalty = self.methods[index] == method ? 0 : Self.methodPenalty
            let limit = best.map { $0.score - penalty } ?? Int.max
            comparisons += 1
            let score = EditDistance.between(path, self.paths[index], limit: limit) + penalty
            if best == nil || score < best!.score || (score == best!.score && index < best!.index) {
                best = (index, score)
            }
        }
        if self.byPath.isEmpty {
            for index in self.paths.indices { consider(index) }
            return (best?.index, comparisons)
        }
        let key = path.map(\.value)
        let reversedKey = Array(key.reversed())
        let forward = self.insertionPoint(key, in: self.byPath) { self.paths[$0].lazy.map(\.value) }
        let backward = self.insertionPoint(reversedKey, in: self.byReversedPath) {
            self.paths[$0].reversed().lazy.map(\.value)
        }
        // Nearest neighbours first, taking turns between the two orders and
        // the two directions in each.
        var tried = Set<Int>()
        var step = 0
        while comparisons < Self.comparisonLimit, step < self.paths.count {
            let candidates = [
                (self.byPath, forward + step), (self.byPath, forward - step - 1),
                (self.byReversedPath, backward + step), (self.byReversedPath, backward - step - 1),
            ]
            for (order, position) in candidates where order.indices.contains(position) {
                guard comparisons < Self.comparisonLimit else { break }
                if tried.insert(order[position]).inserted { consider(order[position]) }
            }
            step += 1
        }
        return (best?.index, comparisons)
    }

    /// Where `key` would go in `order` (sorted by `sortKey`).
    private func insertionPoint<Key: Sequence<UInt32>>(
        _ key: [UInt32], in order: [Int], sortKey: (Int) -> Key
    ) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if sortKey(order[middle]).lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
