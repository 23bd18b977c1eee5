/// A failure pattern counted over an endpoint's requests, for testing
/// retries and expiry: `fail_first:2` (the first two fail, then success),
/// `every:3` (the 3rd, 6th, … fail), `after:5` (five succeed, then every
/// one fails). The count starts when the rule is set, reset or applied by
/// a scenario.
///
/// A plain value with no mode inside it, so `Mode` stays a trivial type
/// that the hot path copies without reference counting.
public struct CountRule: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case failFirst = "fail_first"
        case every
        case after
    }

    /// How a failing request fails: a mode that answers on its own (an
    /// error response or a fault). Not `flaky`, `sequence`, `live` or
    /// another rule, which pick among modes themselves.
    public enum Failure: Sendable, Hashable, CaseIterable {
        case error
        case serverError
        case fault(Fault)

        public static var allCases: [Failure] { [.error, .serverError] + Fault.allCases.map(Failure.fault) }

        public var mode: Mode {
            switch self {
            case .error: .error
            case .serverError: .serverError
            case .fault(let fault): .fault(fault)
            }
        }

        /// `server_error`, `reset`, …: the mode's name.
        public var name: String { self.mode.name }

        /// `server_error` (or `500`), `reset`, …; `nil` for anything else.
        public init?(name: String) {
            switch Mode(name: name) {
            case .error?: self = .error
            case .serverError?: self = .serverError
            case .fault(let fault)?: self = .fault(fault)
            case .success?, .live?, .flaky?, .sequence?, .rule?, nil: return nil
            }
        }

        // As `Mode.reset` and the others: the spellings from before `Fault`.
        public static let reset = Failure.fault(.reset)
        public static let hang = Failure.fault(.hang)
        public static let empty = Failure.fault(.empty)
        public static let garbage = Failure.fault(.garbage)
        public static let truncated = Failure.fault(.truncated)
        public static let offline = Failure.fault(.offline)
    }

    public var kind: Kind
    /// N in `fail_first:N`, `every:N`, `after:N`; within `counts(kind)`.
    public var count: Int
    public var failure: Failure

    /// The counts each rule accepts. `fail_first:0` and `after:0` would be
    /// plain `success` and plain failure, and `every:1` fails every request:
    /// the plain mode says that better, so they are refused.
    public static func counts(_ kind: Kind) -> ClosedRange<Int> {
        kind == .every ? 2...1_000_000 : 1...1_000_000
    }

    public init(_ kind: Kind, _ count: Int, failure: Failure = .serverError) {
        self.kind = kind
        self.count = count
        self.failure = failure
    }

    public static func failFirst(_ count: Int, failure: Failure = .serverError) -> CountRule {
        CountRule(.failFirst, count, failure: failure)
    }

    public static func every(_ count: Int, failure: Failure = .serverError) -> CountRule {
        CountRule(.every, count, failure: failure)
    }

    public static func after(_ count: Int, failure: Failure = .serverError) -> CountRule {
        CountRule(.after, count, failure: failure)
    }

    /// Whether request `number` (0 for the first since the rule started)
    /// fails.
    public func fails(request number: Int) -> Bool {
        switch self.kind {
        case .failFirst: number < self.count
        case .every: (number + 1) % self.count == 0
        case .after: number >= self.count
        }
    }

    /// How many of the first `requests` requests failed.
    public func failures(in requests: Int) -> Int {
        switch self.kind {
        case .failFirst: min(requests, self.count)
        case .every: requests / self.count
        case .after: max(0, requests - self.count)
        }
    }

    /// `fail_first:2`, `every:3:reset`: the failure is spelled out only
    /// when it is not `server_error`.
    public var name: String {
        let base = "\(self.kind.rawValue):\(self.count)"
        return self.failure == .serverError ? base : base + ":" + self.failure.name
    }

    /// Parses `fail_first:2`, `every:3:reset`, `after:5:500`; `nil` for
    /// anything else (see `problem(with:)` for why).
    public init?(name: String) {
        guard case .success(let rule) = Self.parse(name) else { return nil }
        self = rule
    }

    /// What is wrong with a spelling that starts like a rule, as a fix to
    /// show: "fail_first takes a count from 1 to 1000000, e.g. 'fail_first:2'".
    /// `nil` when `text` parses, or does not start with a rule's name.
    public static func problem(with text: String) -> String? {
        guard case .failure(let problem) = self.parse(text) else { return nil }
        return problem.fix
    }

    /// Why a rule's spelling does not parse.
    private enum Problem: Error {
        case notARule
        case count(Kind)
        case failure(Kind, String)

        var fix: String? {
            switch self {
            case .notARule: return nil
            case .count(let kind):
                let range = CountRule.counts(kind)
                let example = "\(kind.rawValue):\(kind == .failFirst ? 2 : kind == .every ? 3 : 5)"
                var fix =
                    "\(kind.rawValue) takes a count from \(range.lowerBound) to \(range.upperBound), e.g. '\(example)'"
                if kind == .every { fix += " (every:1 fails every request: set server_error itself)" }
                return fix
            case .failure(let kind, let name):
                let failures = Failure.allCases.map(\.name).joined(separator: ", ")
                if Mode(name: name) != nil || name.contains(":") {
                    // flaky, sequence, live, another rule, or success.
                    return
                        "\(kind.rawValue) can fail only with a mode that answers on its own, not '\(name)': \(failures)"
                }
                return "\(kind.rawValue) fails with server_error or the mode named after the count: \(failures)"
            }
        }
    }

    private static func parse(_ text: String) -> Result<CountRule, Problem> {
        let parts = text.lowercased().split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard let kind = Kind(rawValue: String(parts[0])) else { return .failure(.notARule) }
        guard parts.count > 1, let count = Int(parts[1]), self.counts(kind).contains(count) else {
            return .failure(.count(kind))
        }
        guard parts.count > 2 else { return .success(CountRule(kind, count)) }
        guard let failure = Failure(name: String(parts[2])) else { return .failure(.failure(kind, String(parts[2]))) }
        return .success(CountRule(kind, count, failure: failure))
    }
}
