import NIOConcurrencyHelpers

/// Work an effect starts off the screen thread (a recording writes files, a
/// replay waits for the server), as Bubble Tea's commands: each job returns
/// the action that answers its effect, and the runtime feeds it to the
/// reducer at its next step. One mailbox for every kind of job; jobs still
/// running when the screen quits are cancelled.
final class ScreenJobs: Sendable {
    private struct State {
        var finished: [Action] = []
        var running: [Int: Task<Void, Never>] = [:]
        var nextID = 0
        var cancelled = false
    }

    private let state = NIOLockedValueBox(State())
    /// Called, from the job's thread, when one finished: the caller steps
    /// again soon after.
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Runs `job` off the screen thread; nothing once the screen quit.
    func start(_ job: @escaping @Sendable () async -> Action) {
        self.state.withLockedValue { state in
            guard !state.cancelled else { return }
            let id = state.nextID
            state.nextID += 1
            // Stored under the lock the task needs to finish: it is in
            // `running` before it can leave it.
            state.running[id] = Task.detached {
                let action = await job()
                self.finish(id, action)
            }
        }
    }

    private func finish(_ id: Int, _ action: Action) {
        let keep = self.state.withLockedValue { state in
            guard state.running.removeValue(forKey: id) != nil, !state.cancelled else { return false }
            state.finished.append(action)
            return true
        }
        if keep { self.wake() }
    }

    /// The actions of jobs that finished since the last call, oldest first.
    func take() -> [Action] {
        self.state.withLockedValue { state in
            defer { state.finished = [] }
            return state.finished
        }
    }

    /// Jobs still running, for tests.
    var running: Int { self.state.withLockedValue { $0.running.count } }

    /// Cancels every running job and starts none after; their actions are
    /// dropped.
    func cancelAll() {
        let tasks = self.state.withLockedValue { state in
            state.cancelled = true
            defer { state.running = [:] }
            return Array(state.running.values)
        }
        for task in tasks { task.cancel() }
    }
}
