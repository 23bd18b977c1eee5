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
        if let nextDue = self.nextDue {
            text += ", next in \(Int(max(0, nextDue - now).rounded(.up)))s"
        }
        return text
    }
}
