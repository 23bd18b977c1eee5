import NIOCore
import NIOHTTP1
import Testing

@testable import SwitchboardServer

/// `PreparedResponse` shares one box between copies: changing a copy must
/// never change another (it is a value, whatever it is made of).
@Suite struct PreparedResponseTests {
    @Test func changingACopyLeavesTheOriginalAlone() {
        var original = PreparedResponse(status: .ok, headers: ["A": "1"], body: ByteBuffer(string: "x"))
        var copy = original
        copy.headers.add(name: "B", value: "2")
        copy.status = .notFound
        copy.notes.endpointID = "e"
        copy.plan = .hang
        #expect(original.headers.count == 1 && original.status == .ok && original.notes.endpointID == nil)
        #expect(original.plan == .answer(AnswerPlan.BodyPlan()))
        #expect(
            copy.headers.count == 2 && copy.status == .notFound && copy.notes.endpointID == "e" && copy.plan == .hang)
        original.delay = .seconds(1)
        #expect(copy.delay == .zero && original.delay == .seconds(1))
    }
}
