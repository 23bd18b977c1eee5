import Foundation
import SwitchboardControl
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// The yes-or-no parameters (`unmatched`, `details`, `redact`) take `true`
/// or `1`, `false` or `0`, and refuse anything else: schemathesis sent
/// `redact=null`, which used to read as "redact" (and `unmatched=null` as
/// "only unmatched"), a guess no client asked for.
extension ControlRequestListTests {
    @Test(arguments: [
        "/__switchboard/requests?redact=null", "/__switchboard/requests?unmatched=yes",
        "/__switchboard/requests?details=", "/__switchboard/requests/1?redact=no", "/__switchboard/har?redact=null",
    ])
    func aFlagThatIsNeitherTrueNorFalseIsA400(target: String) throws {
        let response = self.call(target)
        #expect(response.status == .badRequest)
        let problem = try ControlCoding.decoder().decode(ControlProblem.self, from: Data(response.body.utf8))
        #expect(problem.code == .badQuery)
        #expect(problem.message.contains("should be true or false, not '"))
    }

    @Test func theFlagsReadTrueFalseOneAndZero() throws {
        #expect(try self.records("/__switchboard/requests?unmatched=true").isEmpty)
        #expect(try self.records("/__switchboard/requests?unmatched=0").count == 3)
        #expect(try self.records("/__switchboard/requests?details=1")[0].details != nil)
        #expect(try self.records("/__switchboard/requests?details=false")[0].details == nil)
        let shown = try self.records("/__switchboard/requests?details=true&redact=0")
        #expect(shown[0].header("Authorization") == "Bearer secret-0")
        #expect(self.call("/__switchboard/har?redact=false").status == .ok)
    }
}
