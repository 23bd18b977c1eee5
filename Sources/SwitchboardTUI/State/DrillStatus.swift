public import SwitchboardCore

/// The running drill as the header shows it: `drill bad-day 2/3, next in 18s`.
public struct DrillStatus: Equatable, Sendable {
    public var name: String
    /// The step applied last, from 1; `nil` before the first.
    public var step: Int?
    public var steps: Int
    /// When the next step is due (seconds since 1970).
    public var nextDue: Double?

    public init(name: String, step: Int?, steps: Int, nextDue: Double?) {
        self.name = name
        self.step = step
        self.steps = steps
        self.nextDue = nextDue
    }

    public init(_ run: DrillRun) {
        self.init(name: run.name, step: run.currentStep, steps: run.steps.count, nextDue: run.nextDue)
    }

    /// `drill bad-day 2/3, next in 18s`, the seconds rounded up.
    public func label(at now: Double) -> String {
        var text = "drill \(TerminalText.clean(self.name)) \(self.step ?? 0)/\(self.steps)"
        if let seconds = self.secondsLeft(at: now) { text += ", next in \(seconds)s" }
        return text
    }

    /// `bad-day 2/3 18s`: the label for a narrow screen.
    public func shortLabel(at now: Double) -> String {
        var text = "\(TerminalText.clean(self.name)) \(self.step ?? 0)/\(self.steps)"
        if let seconds = self.secondsLeft(at: now) { text += " \(seconds)s" }
        return text
    }

    private func secondsLeft(at now: Double) -> Int? {
        self.nextDue.map { Int(max(0, $0 - now).rounded(.up)) }
    }
}
