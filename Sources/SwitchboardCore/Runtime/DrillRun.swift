/// A drill being run: its steps, when it started, and how many steps are
/// applied. A value that only decides: `takeDue(at:)` says which steps are
/// due at a moment, and whoever holds the clock (the server's event loop)
/// applies them and waits until `nextDue`. Times are seconds on the
/// control panel's clock, so tests pass any moment they like.
public struct DrillRun: Sendable, Hashable {
    public let name: String
    public let steps: [Scenario.Step]
    public let startedAt: Double
    /// Steps applied so far; the current step is the last of them.
    public private(set) var applied = 0

    public init(_ scenario: Scenario, startedAt: Double) {
        self.name = scenario.name
        self.steps = scenario.steps
        self.startedAt = startedAt
    }

    /// The steps due at `now` and not applied yet, numbered from 1, in
    /// order; they count as applied from here on. A late wake-up applies
    /// every step it missed, in order.
    public mutating func takeDue(at now: Double) -> [(number: Int, step: Scenario.Step)] {
        var due: [(number: Int, step: Scenario.Step)] = []
        while self.applied < self.steps.count, self.time(of: self.applied) <= now {
            due.append((self.applied + 1, self.steps[self.applied]))
            self.applied += 1
        }
        return due
    }

    /// When the next step is due; `nil` once every step is applied.
    public var nextDue: Double? {
        self.applied < self.steps.count ? self.time(of: self.applied) : nil
    }

    public var isFinished: Bool { self.applied == self.steps.count }

    /// The step applied last, from 1; `nil` before the first.
    public var currentStep: Int? { self.applied > 0 ? self.applied : nil }

    /// Seconds from `now` until the next step, never negative.
    public func countdown(at now: Double) -> Double? {
        self.nextDue.map { max(0, $0 - now) }
    }

    private func time(of index: Int) -> Double {
        let at = self.steps[index].at.components
        return self.startedAt + Double(at.seconds) + Double(at.attoseconds) / 1e18
    }
}
