import SwitchboardControl
import SwitchboardCore

extension SwitchboardError {
    /// `error` as the control API refuses it, so a call decided without the
    /// dispatch (`mode(of:)`, a drill) throws what the dispatch would.
    init(_ error: ControlError) {
        let refusal = error.refusal
        self.init(ControlProblem(refusal.code, error.description, valid: refusal.valid), status: refusal.status)
    }
}
