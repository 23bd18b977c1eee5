import NIOConcurrencyHelpers
import NIOCore
import SwitchboardCore

/// Runs drills on an event loop: whenever the panel changes, one timer is
/// armed for the running drill's next step (and moved or cancelled when
/// that changes); when it fires, the panel applies what is due. However a
/// drill was started — a key, the control API, the CLI — this is what
/// moves it along, so `serve` without a screen runs drills too.
final class DrillTimer: Sendable {
    private let panel: ControlPanel
    private let loop: any EventLoop
    /// The step time the armed timer is for, and the timer.
    private let armed = NIOLockedValueBox<(due: Double, task: Scheduled<Void>)?>(nil)

    init(panel: ControlPanel, loop: any EventLoop) {
        self.panel = panel
        self.loop = loop
        panel.addListener { [weak self] in self?.rearm() }
        self.rearm()
    }

    /// Arms the timer for the next step due, if it is not armed for it.
    func rearm() {
        let due = self.panel.snapshot().drill?.nextDue
        self.armed.withLockedValue { armed in
            guard armed?.due != due else { return }
            armed?.task.cancel()
            armed = nil
            guard let due else { return }
            let wait = TimeAmount.nanoseconds(Int64(max(0, due - self.panel.now()) * 1e9))
            let task = self.loop.scheduleTask(in: wait) { [weak self] () -> Void in self?.fire(due) }
            armed = (due, task)
        }
    }

    private func fire(_ due: Double) {
        self.armed.withLockedValue { armed in
            if armed?.due == due { armed = nil }
        }
        // Applying the step changes the panel, whose listener re-arms; a
        // wake-up a hair before the wall clock reaches the step re-arms here.
        self.panel.advanceDrill()
        self.rearm()
    }

    func cancel() {
        self.armed.withLockedValue { armed in
            armed?.task.cancel()
            armed = nil
        }
    }
}
