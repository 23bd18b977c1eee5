import NIOCore
import SwitchboardCore
import SwitchboardModel
import Testing

@testable import SwitchboardServer

/// The script every fault and toxic makes of one endpoint's answer: the
/// head or none, the body's source, the pacer and the end, decided by the
/// same `Responder` the socket answers from, without a connection.
/// (`FaultPlanParityTests` compare what the socket writes with it.)
@Suite struct AnswerScriptTests {
    /// `FaultPlanParityTests`' endpoint, with a latency profile.
    static let manifest =
        FaultPlanParityTests.manifest + """

            latency_profiles:
              slow: { delay: 100ms, bandwidth: 1KB/s }
            """

    enum Head: Equatable { case status(Int), none }
    enum Body: Equatable { case none, bytes(Int), raw }

    /// One row: what is set, then the script's head, body, end, whether a
    /// pacer holds the body back, and the fault a client sees.
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var mode: Mode = .success
        var toxics: Toxics = .none
        var latency: String?
        var head: Head
        var body: Body
        var end: AnswerScript.End
        var paced = false
        var fault: Fault?
        var testDescription: String { self.name }
    }

    /// The success body's length: `{"hello":"world","padding":"…"}` and
    /// its newline.
    static let length = 62

    static let rows: [Row] = [
        Row(name: "success", head: .status(200), body: .bytes(length), end: .keepAlive),
        Row(name: "reset", mode: .fault(.reset), head: .none, body: .none, end: .reset, fault: .reset),
        Row(name: "hang", mode: .fault(.hang), head: .none, body: .none, end: .stall, fault: .hang),
        Row(name: "empty", mode: .fault(.empty), head: .none, body: .none, end: .close, fault: .empty),
        Row(name: "garbage", mode: .fault(.garbage), head: .none, body: .raw, end: .close, fault: .garbage),
        Row(
            name: "truncated", mode: .fault(.truncated), head: .status(200), body: .bytes(length / 2),
            end: .cut(after: length / 2, of: length + 1024), fault: .truncated),
        Row(name: "offline", mode: .fault(.offline), head: .none, body: .none, end: .reset, fault: .reset),
        Row(name: "slicer", toxics: .slicer, head: .status(200), body: .bytes(length), end: .keepAlive, paced: true),
        Row(
            name: "slow_close", toxics: .slowClose(.seconds(2)), head: .status(200), body: .bytes(length),
            end: .closeLate(.seconds(2))),
        Row(
            name: "limit_data:10", toxics: .limitData(10), head: .status(200), body: .bytes(10),
            end: .cut(after: 10, of: length), fault: .truncated),
        Row(
            name: "limit_data past the body", toxics: .limitData(100_000), head: .status(200),
            body: .bytes(length), end: .keepAlive),
        Row(
            name: "bandwidth", latency: "slow", head: .status(200), body: .bytes(length), end: .keepAlive,
            paced: true),
        Row(
            name: "truncated at a bandwidth", mode: .fault(.truncated), latency: "slow", head: .status(200),
            body: .bytes(length / 2), end: .cut(after: length / 2, of: length + 1024), paced: true,
            fault: .truncated),
        // A fault ignores the toxics.
        Row(
            name: "reset with slow_close", mode: .fault(.reset), toxics: .slowClose(.seconds(2)), head: .none,
            body: .none, end: .reset, fault: .reset),
    ]

    @Test(arguments: Self.rows)
    func eachFaultAndToxicIsOneScript(row: Row) throws {
        let manifest = try ManifestLoader.parse(text: Self.manifest, file: "switchboard.yml", directory: "/")
        let panel = ControlPanel(manifest: manifest, random: SeededRandom(seed: 7))
        try panel.setMode(row.mode, endpoint: "a")
        try panel.set(endpoint: "a", SettingChange(toxics: row.toxics))
        try panel.setLatency(row.latency, endpoint: "a")
        let answers = InProcessAnswers(panel: panel, journal: RequestJournal(capacity: 10))
        let answer = answers.answer(
            method: "GET", target: "/a", headers: [HeaderField(name: "Host", value: "t")], body: [])
        let script = answer.script
        switch script.head {
        case .status(let status, let headers):
            #expect(row.head == .status(Int(status.code)))
            if case .cut(_, let promised) = script.end {
                #expect(headers.first(name: "Content-Length") == String(promised))
            }
        case .none, .upstream:
            #expect(row.head == .none)
        }
        switch script.body {
        case .none: #expect(row.body == .none)
        case .bytes(let bytes): #expect(row.body == .bytes(bytes.readableBytes))
        case .raw(let bytes): #expect(row.body == .raw && bytes.readableBytes > 0)
        case .relay: Issue.record("a relay without an upstream")
        }
        #expect(script.end == row.end)
        #expect(script.pacer.isFree == !row.paced)
        #expect(script.fault == row.fault)
        #expect(script.wait == (row.latency == nil ? .zero : .milliseconds(100)))
    }
}
