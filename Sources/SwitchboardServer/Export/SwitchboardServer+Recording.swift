import NIOCore
import NIOPosix
public import SwitchboardControl

/// Recording live answers into the fixtures, for the screen (`w`, `W`) and
/// `serve --record`; the control API's `POST …/record` does the same.
extension SwitchboardServer {
    /// Writes the last live answers of `endpoints` (every one seen live
    /// when nil) as fixtures. Writes files: call it off the event loops.
    public func recordLive(_ endpoints: [String]?) -> Result<RecordResult, RecordRefusal> {
        self.responder.answers.record(endpoints, panel: self.panel)
    }

    /// Records the endpoint of the journal's request `sequence` (`w` on a
    /// log line): its last live answer, or for a request no endpoint
    /// matched and nothing answered live, a stub entry to edit. Writes
    /// files: call it off the event loops.
    public func recordRequest(_ sequence: Int) -> Result<RecordResult, RecordRefusal> {
        self.responder.answers.record(request: sequence, journal: self.journal, panel: self.panel)
    }

    /// `serve --record`: once a second, the answers that came whole since
    /// the last time are recorded, so the manifest is written at most once
    /// a second however busy the traffic; the writing happens on NIO's
    /// thread pool, one recording at a time.
    public func recordEverySecond(report: @escaping @Sendable (Result<RecordResult, RecordRefusal>) -> Void) {
        let answers = self.responder.answers
        let panel = self.panel
        self.group.next().scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
            let keys = answers.takeFresh()
            guard !keys.isEmpty else { return }
            NIOThreadPool.singleton.submit { state in
                guard state == .active else { return }
                report(answers.record(keys, panel: panel))
            }
        }
    }
}

/// Why a recording wrote nothing, in a sentence for the user.
public struct RecordRefusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { self.message }
}
