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

    /// `limit` and `after` are whole numbers of any size: schemathesis sent
    /// `limit=155963514268492103680`, which the schema's `integer` allows
    /// and which was a 400 for not fitting an `Int`; now it means every
    /// request (and so large an `after`, none newer).
    @Test func aWholeNumberPastIntMaxReadsAsAllOrNone() throws {
        #expect(try self.records("/__switchboard/requests?limit=155963514268492103680").count == 3)
        #expect(try self.records("/__switchboard/requests?after=99999999999999999999999").isEmpty)
        #expect(try self.records("/__switchboard/requests?limit=2").map(\.sequence) == [2, 3])
        for text in ["-1", "1.5", "+2", "1e3", "", "x"] {
            #expect(self.call("/__switchboard/requests?limit=\(text)").status == .badRequest, "\(text)")
            #expect(self.call("/__switchboard/requests?after=\(text)").status == .badRequest, "\(text)")
        }
    }
}
