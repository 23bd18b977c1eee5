import SwitchboardModel
import SwitchboardTUI
import Testing

/// An in-process `URLError` mode on its row: its name where it fits, the
/// code's own name in a narrow column, rather than a cut-off prefix.
@Suite struct URLErrorRowTests {
    @Test func aURLErrorModeShowsItsCodeWhenTheNameDoesNotFit() throws {
        let fault = try #require(Fault(name: "url_error:cannotFindHost"))
        let row = EndpointRow(id: "a", method: "GET", path: "/a", mode: .fault(fault))
        #expect(row.modeLabel == "url_error:cannotFindHost")
        #expect(row.modeLabel(fitting: 16) == "cannotFindHost")
        let offline = EndpointRow(id: "a", method: "GET", path: "/a", mode: .offline)
        #expect(offline.modeLabel(fitting: 10) == "offline")
    }
}
