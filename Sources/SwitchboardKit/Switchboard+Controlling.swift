import Foundation
public import SwitchboardControl
import SwitchboardCore

/// The control API's routes from code, as `SwitchboardClient` has them
/// across processes: the same calls through the same dispatch, without a
/// socket. The methods this type declares itself (`set`, `apply`,
/// `requests`, …) stay the quick way in a test; these are for code written
/// against `SwitchboardControlling`, which runs with either.
extension Switchboard: SwitchboardControlling {
    /// Sends `call` to this instance's control API in process; throws the
    /// server's `ControlProblem` for a refusal. A drill is refused here as
    /// by ``apply(scenario:)``: its steps would tie a test to the wall clock.
    public func perform<Answer>(_ call: ControlCall<Answer>) async throws -> Answer {
        if call.route == .applyScenario, let name = call.parameters.first {
            do throws(ControlError) {
                try self.refuseDrill(name)
            } catch {
                throw ControlProblem(.drillFromCode, error.description)
            }
        }
        let answer = await self.answers.control(
            method: call.method.rawValue, target: call.target, body: call.body.map { Array($0) } ?? [])
        let body = Data(answer.body)
        guard (200..<300).contains(answer.status) else {
            throw try ControlCoding.decoder().decode(ControlProblem.self, from: body)
        }
        return try call.decode(body)
    }
}
