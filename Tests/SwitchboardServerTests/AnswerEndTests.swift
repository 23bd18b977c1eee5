import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// The journal's status for an answer, from its plan and how far it got:
/// the one rule the socket's `AnswerWriter` and the in-process answers
/// journal by, as a table.
@Suite struct AnswerEndTests {
    static let plans: [(String, AnswerPlan)] = [
        ("answer", .answer(AnswerPlan.BodyPlan())),
        ("cut", .answer(AnswerPlan.BodyPlan(cut: .half))),
        ("reset", .reset),
        ("close", .close),
        ("garbage", .garbage(ByteBuffer(string: "x"))),
        ("hang", .hang),
    ]
    static let ends: [(String, AnswerEnd)] = [
        ("ran", .ran), ("leftWaiting", .leftWaiting), ("clientLeft", .clientLeft),
        ("brokenOff", .brokenOff(headSent: false)), ("brokenOff after head", .brokenOff(headSent: true)),
    ]

    @Test func eachPlanAndEndGivesItsStatus() {
        var table = ""
        for (name, plan) in Self.plans {
            let row = Self.ends.map { end in
                switch plan.journalStatus(.created, end.1) {
                case .answered(let code): "\(code)"
                case .clientLeft: "left"
                case .noStatusLine: "none"
                }
            }
            table += "\(name): \(row.joined(separator: " "))\n"
        }
        // Columns: ran, left waiting, left while it ran, broken off before
        // and after the head.
        #expect(
            table == """
                answer: 201 left left none 201
                cut: 201 left left none 201
                reset: none left none none 201
                close: none left none none 201
                garbage: none left none none 201
                hang: none left none none 201

                """)
    }
}
