import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Every fault, run by both front ends from one plan: the socket's handler
/// (on the embedded channel) puts on the wire exactly what the in-process
/// answer hands a `URLSession` client — the same status line, headers
/// promising the same length, the same body bytes, the same noise — and
/// both journal it alike. Over `Fault.allCases`, so a new fault is checked
/// the moment it exists; FaultParityTests (SwitchboardKit) adds what
/// URLSession itself reports, for the faults measured.
@Suite struct FaultPlanParityTests {
    static let manifest = """
        endpoints:
          - id: a
            method: GET
            path: /a
            success: { json: { hello: world, padding: "0123456789abcdef0123456789abcdef" } }
        """
    static let get = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"

    /// A fault set on the endpoint, then each toxic on a success: every
    /// script that does not go live.
    enum Setting: Sendable, CustomTestStringConvertible {
        case fault(Fault)
        case toxics(Toxics)

        static let all =
            Fault.allCases.map(Setting.fault)
            + [.limitData(10), .limitData(100_000), .slicer, .slowClose(.seconds(1))].map(Setting.toxics)

        var testDescription: String {
            switch self {
            case .fault(let fault): fault.name
            case .toxics(let toxics): toxics.description
            }
        }

        func apply(to panel: ControlPanel) throws {
            switch self {
            case .fault(let fault): try panel.setMode(.fault(fault), endpoint: "a")
            case .toxics(let toxics): try panel.set(endpoint: "a", SettingChange(toxics: toxics))
            }
        }
    }

    /// A panel for the manifest with `setting`, drawing the same noise
    /// as any other made so.
    static func panel(_ setting: Setting) throws -> ControlPanel {
        let manifest = try ManifestLoader.parse(text: Self.manifest, file: "switchboard.yml", directory: "/")
        let panel = ControlPanel(manifest: manifest, random: SeededRandom(seed: 7))
        try setting.apply(to: panel)
        return panel
    }

    @Test(arguments: Setting.all)
    func theSocketSendsWhatTheInProcessAnswerHands(setting: Setting) throws {
        let socket = try WireHarness(panel: try Self.panel(setting))
        let panel = try Self.panel(setting)
        let journal = RequestJournal(capacity: 10)
        let answers = InProcessAnswers(panel: panel, journal: journal)
        let answer = answers.answer(
            method: "GET", target: "/a", headers: [HeaderField(name: "Host", value: "t")], body: [])
        if case .fault(let fault) = setting {
            #expect(answer.fault == fault)
        }

        try socket.send(Self.get)
        // Past the slicer's pieces and a slow close.
        socket.advance(by: .seconds(2))
        let written = try socket.writtenBytes()
        switch answer.prepared.plan {
        case .answer(let body):
            let reply = try #require(WireResponses.parse(written).first)
            #expect(reply.status == answer.status)
            let length = answer.headers.first { $0.name.lowercased() == "content-length" }?.value
            #expect(reply.header("Content-Length") == length)
            #expect(Array(reply.body) == answer.body)
            // A cut closes the connection under the body, a slow close
            // after it; an answer ends.
            #expect(socket.isActive == (answer.script.end == .keepAlive))
            #expect(
                (answer.script.end == .cut(after: answer.body.count, of: Int(length ?? "") ?? -1)) == (body.cut != nil))
            #expect((answer.fault != nil) == (body.cut != nil))
        case .reset, .close:
            #expect(written.isEmpty)
            #expect(!socket.isActive)
        case .garbage(let noise):
            #expect(written == Array(noise.readableBytesView))
            #expect(!socket.isActive)
        case .hang:
            #expect(written.isEmpty)
            #expect(socket.isActive)
            socket.disconnect()
        case .relay:
            Issue.record("a fault planned a relay on an endpoint with no upstream")
        }

        answers.record(answer.statusLineSent(), clientLeft: answer.fault == .hang)
        let bySocket = try #require(socket.entries.first)
        let inProcess = try #require(journal.entries(after: 0).entries.first)
        #expect(inProcess.status == bySocket.status)
        #expect(inProcess.mode == bySocket.mode)
        #expect(inProcess.cutShort == bySocket.cutShort)
        #expect(inProcess.toxics == bySocket.toxics)
        #expect(inProcess.details?.responseBody == bySocket.details?.responseBody)
    }

    /// Each fault's plan fails the client, sends a status line exactly when
    /// the fault says it does (the core serves it the success response
    /// then), and leaves the toxics alone.
    @Test(arguments: Fault.allCases)
    func eachFaultsPlanFailsTheClientAsTheFaultSays(fault: Fault) {
        let plan = AnswerPlan.fault(fault, rate: 100, relay: nil) { ByteBuffer(string: "noise") }
        var response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer(string: "hello"))
        response.plan = plan
        #expect(AnswerScript(response, isHead: false, keepAlive: true, slicer: nil).fault != nil)
        #expect(plan.sendsStatusLine == fault.sendsStatusLine)
        #expect(!plan.takesToxics)
    }
}
