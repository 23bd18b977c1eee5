import Foundation
public import SwitchboardControl
import SwitchboardCore

/// The control API's routes from code, as `SwitchboardClient` has them
/// across processes: the same calls through the same dispatch, without a
/// socket, and the same answers (requests read with credentials
/// `REDACTED` unless asked for with `redact: false`), the same
/// `SwitchboardError` for a refusal.
extension Switchboard: SwitchboardControlling {
    /// Sends `call` to this instance's control API in process; throws a
    /// `SwitchboardError` for a refusal. A drill is refused here: its steps
    /// would tie a test to the wall clock.
    public func perform<Answer>(_ call: ControlCall<Answer>) async throws -> Answer {
        if call.route == .applyScenario, let name = call.parameters.first {
            try self.refuseDrill(name)
        }
        let answer = await self.answers.control(
            method: call.method.rawValue, target: call.target, body: call.body.map { Array($0) } ?? [])
        let body = Data(answer.body)
        guard (200..<300).contains(answer.status) else {
            let problem = try ControlCoding.decoder().decode(ControlProblem.self, from: body)
            throw SwitchboardError(problem, status: answer.status)
        }
        return try call.decode(body)
    }
}
