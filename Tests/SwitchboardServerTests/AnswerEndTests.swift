import Testing

@testable import SwitchboardServer

/// How an answer ends, without a connection: where `limit_data` cuts a
/// body, counted at once or part by part, and how the connection ends
/// after an answer that went out whole — the rules a fixture's answer and
/// a relayed one share.
@Suite struct AnswerEndTests {
    /// A body of `length` under a limit: the bytes that go, and whether
    /// the cut follows. Only a byte past the limit cuts.
    @Test(arguments: [
        (2048, 100, 100, true),
        (100, 100, 100, false),
        (50, 100, 50, false),
        (0, 0, 0, false),
        (1, 0, 0, true),
    ])
    func aWholeBodyIsCutOnlyWhenAByteGoesPastTheLimit(length: Int, limit: Int, bytes: Int, cut: Bool) {
        let sent = DataLimit.body(of: length, under: limit)
        #expect(sent.bytes == bytes && sent.cut == cut)
    }

    @Test func aRelayedBodyIsCountedPartByPartAndCutWhenAByteGoesPast() {
        var limit = DataLimit(100)
        #expect(limit.admit(60) == (60, false))
        #expect(limit.admit(40) == (40, false))
        // The body may end here; the next byte is the cut.
        #expect(limit.admit(1) == (0, true))
        var small = DataLimit(100)
        #expect(small.admit(150) == (100, true))
        // The two count alike: parts that add up to a body cut where it is.
        var parts = DataLimit(100)
        let inParts = [30, 30, 30, 30].map { parts.admit($0) }
        #expect(inParts.map(\.bytes).reduce(0, +) == DataLimit.body(of: 120, under: 100).bytes)
    }

    @Test(arguments: [
        (true, nil, false, AnswerClose.keepAlive),
        (false, nil, false, .close),
        (true, Duration.seconds(2), false, .closeLate(.seconds(2))),
        (false, .seconds(2), false, .closeLate(.seconds(2))),
        (true, nil, true, .linger),
        (true, .seconds(2), true, .linger),
    ])
    func theConnectionEndsAsTheRequestAndSlowCloseSay(
        keepAlive: Bool, slowClose: Duration?, bodyUnread: Bool, expected: AnswerClose
    ) {
        let close = AnswerClose(keepAlive: keepAlive, slowClose: slowClose, bodyUnread: bodyUnread)
        #expect(close == expected)
        #expect(close.keepsConnection == (expected == .keepAlive))
    }
}
