/// What `verify` checks, in process (SwitchboardKit) and across processes
/// (SwitchboardClient) alike: how many of the requests a selector names
/// pass a predicate, against the count a test expects. A value: the two
/// front ends only fetch the requests and fail the test with `failure`.
public struct RequestVerification {
    public let selector: RequestSelector
    public let expected: ClosedRange<Int>
    let predicate: ((RequestRecord) -> Bool)?
    /// `atLeast` above `atMost`: no count passes, and the failure says why.
    let contradiction: String?

    /// `count` exactly, or between `atLeast` and `atMost`; at least one
    /// when none is given.
    public init(
        _ selector: RequestSelector, count: Int? = nil, atLeast: Int? = nil, atMost: Int? = nil,
        where predicate: ((RequestRecord) -> Bool)? = nil
    ) {
        self.selector = selector
        if let atLeast, let atMost, atLeast > atMost {
            self.contradiction = "atLeast: \(atLeast) is more than atMost: \(atMost), which no count meets"
        } else {
            self.contradiction = nil
        }
        if let count {
            self.expected = count...count
        } else {
            let low = atLeast ?? (atMost == nil ? 1 : 0)
            self.expected = low...max(low, atMost ?? .max)
        }
        self.predicate = predicate
    }

    /// The requests among `records` the selector names and the predicate
    /// accepts, oldest first.
    public func matching(_ records: [RequestRecord]) -> [RequestRecord] {
        records.filter { self.selector.selects($0) && (self.predicate?($0) ?? true) }
    }

    /// The sentence a failed verification says, or `nil` when `records`
    /// hold the expected number: "expected exactly 1 request to 'login'
    /// matching the predicate, got 0 (2 to 'login' did not match it)".
    public func failure(in records: [RequestRecord]) -> String? {
        if let contradiction { return contradiction + "." }
        let matching = self.matching(records).count
        guard !self.expected.contains(matching) else { return nil }
        let selected = records.lazy.filter { self.selector.selects($0) }.count
        var sentence = "expected \(self.expectedWords) to \(self.selector)"
        if self.predicate != nil { sentence += " matching the predicate" }
        sentence += ", got \(matching)"
        if self.predicate != nil && selected > matching {
            sentence += " (\(selected - matching) to \(self.selector) did not match it)"
        }
        return sentence + "."
    }

    private var expectedWords: String {
        let (low, high) = (self.expected.lowerBound, self.expected.upperBound)
        let (words, number) =
            if low == high {
                ("exactly \(low)", low)
            } else if high == .max {
                ("at least \(low)", low)
            } else if low == 0 {
                ("at most \(high)", high)
            } else {
                ("\(low) to \(high)", high)
            }
        return words + (number == 1 ? " request" : " requests")
    }
}
