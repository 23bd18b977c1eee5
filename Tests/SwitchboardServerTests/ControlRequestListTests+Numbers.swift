import Foundation
import SwitchboardControl
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// The numbers `limit` and `after` come from outside.
extension ControlRequestListTests {
    /// `after=9223372036854775807` is a valid `Int`, and the journal's
    /// `after + 1` trapped on it: one request took the server down.
    @Test(arguments: ["9223372036854775807", "9223372036854775806"])
    func anAfterAtIntMaxIsAnEmptyListNotACrash(after: String) throws {
        #expect(try self.records("/__switchboard/requests?after=\(after)").isEmpty)
        #expect(try self.records("/__switchboard/requests?after=\(after)&details=true&limit=1").isEmpty)
    }
}
