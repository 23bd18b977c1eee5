import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// The last live answers kept for recording stay bounded in number and in
/// bytes, empty bodies included: a client asking for ever new paths does not
/// grow the server's memory without end.
@Suite struct LiveAnswersTests {
    static func answer(_ path: String, body: Int = 0) -> LiveAnswers.Answer {
        let target = RequestTarget(uri: path)
        return LiveAnswers.Answer(
            method: "GET", pattern: PathGrouping.pattern(for: target), existingID: nil, uri: path, status: 200,
            head: HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", String(body))]),
            body: [ByteBuffer(repeating: 0x61, count: body)], size: body)
    }

    @Test func answersWithEmptyBodiesAreDroppedOldestFirstPastTheCountLimit() {
        #expect(LiveAnswers.countLimit == SeenLive.limit)
        let answers = LiveAnswers(countLimit: 3)
        for path in ["/a", "/b", "/c", "/d", "/e"] { answers.keep(Self.answer(path)) }
        #expect(answers.keys == ["get-c", "get-d", "get-e"])
        #expect(answers.answer(for: "get-a") == nil)
        // The dropped ones are not recorded by `--record` either.
        #expect(answers.takeFresh() == ["get-c", "get-d", "get-e"])
    }

    @Test func aThousandDistinctPathsLeaveAThousandAnswers() {
        let answers = LiveAnswers()
        for index in 0..<5_000 { answers.keep(Self.answer("/page-\(index)-x")) }
        #expect(answers.keys.count == LiveAnswers.countLimit)
        #expect(answers.keys.first == "get-page-4000-x")
    }

    @Test func headersAndAnOverheadCountInTheByteBudget() {
        let answer = Self.answer("/a", body: 10)
        #expect(answer.held > 10 + LiveAnswers.overhead)
        // Empty bodies alone fill a budget by their headers and overhead.
        let answers = LiveAnswers(totalLimit: answer.held * 4, countLimit: 1_000)
        for index in 0..<10 { answers.keep(Self.answer("/p\(index)")) }
        #expect(answers.keys.count < 10)
        #expect(answers.heldBytes <= answer.held * 4)
    }

    @Test func keepingTheSameKeyAgainReplacesItsCost() {
        let answers = LiveAnswers()
        answers.keep(Self.answer("/a", body: 100))
        let once = answers.heldBytes
        answers.keep(Self.answer("/a", body: 100))
        #expect(answers.heldBytes == once)
        #expect(answers.keys == ["get-a"])
    }
}
