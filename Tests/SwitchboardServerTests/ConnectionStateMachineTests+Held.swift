import NIOCore
import NIOHTTP1
import Testing

@testable import SwitchboardServer

/// What arrives while a response is under way: held in order, handed out
/// once it is done, reads held back meanwhile.
extension ConnectionStateMachineTests {
    static func describe(_ held: Machine.Held?) -> String {
        switch held {
        case .part(.head(let head)): "head \(head.uri)"
        case .part(.body): "body"
        case .part(.end): "end"
        case .parserError(let error): "error \(error)"
        case nil: "nothing"
        }
    }

    static func head(_ uri: String) -> HTTPServerRequestPart {
        .head(HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: ["Host": "test"]))
    }

    @Test func partsAndAnErrorBehindAResponseComeOutInOrderAfterIt() {
        var machine = Self.machine(.waiting)
        #expect(machine.partDecoded(Self.head("/b")) == .held)
        #expect(machine.partDecoded(.end(nil)) == .held)
        #expect(Self.describe(machine.parserError(.invalidHeaderToken, now: Self.now)) == "none", "held")
        #expect(machine.readRequested() == false)
        #expect(machine.nextHeld() == nil, "nothing is handed out while a response is under way")

        #expect(Self.describe(machine.waitEnded()) == "none")
        #expect(Self.describe(machine.responseFinished()) == "drain")
        #expect(Self.describe(machine.nextHeld()) == "head /b")
        #expect(Self.describe(machine.headReceived(Self.request("/b"))) == "receive")
        #expect(Self.describe(machine.nextHeld()) == "end")
        #expect(Self.describe(machine.endReceived()) == "answer")
        // Answered at once, inside the loop: the loop carries on.
        #expect(Self.describe(machine.responseFinished()) == "none")
        #expect(Self.describe(machine.nextHeld()) == "error invalid character in header")
        #expect(Self.describe(machine.parserError(.invalidHeaderToken, now: Self.now)) == "refuse 400")
        #expect(Self.describe(machine.nextHeld()) == "nothing")
        #expect(machine.drainFinished() == .init(read: false, awaitBody: false), "closing: no more reading")
    }

    @Test func aHeldAnswerThatIsDelayedStopsTheHandingOutUntilItIsSent() {
        var machine = Self.machine(.writing)
        for part in [Self.head("/b"), .end(nil), Self.head("/c"), .end(nil)] {
            #expect(machine.partDecoded(part) == .held)
        }
        #expect(machine.readRequested() == false)
        #expect(Self.describe(machine.responseFinished()) == "drain")
        _ = machine.nextHeld()
        _ = machine.headReceived(Self.request("/b"))
        _ = machine.nextHeld()
        _ = machine.endReceived()
        #expect(Self.describe(machine.waitStarted(Self.request("/b"), Self.response, until: .respond)) == "none")
        #expect(machine.nextHeld() == nil)
        #expect(machine.drainFinished() == .init(read: false, awaitBody: false))

        #expect(Self.describe(machine.waitEnded()) == "none")
        #expect(Self.describe(machine.responseFinished()) == "drain")
        #expect(Self.describe(machine.nextHeld()) == "head /c")
        _ = machine.headReceived(Self.request("/c"))
        #expect(Self.describe(machine.nextHeld()) == "end")
        _ = machine.endReceived()
        #expect(Self.describe(machine.responseFinished()) == "none")
        #expect(machine.nextHeld() == nil)
        #expect(machine.drainFinished() == .init(read: true, awaitBody: false), "the read held back happens now")
        let readsNow = machine.readRequested()
        #expect(readsNow)
    }

    @Test func aHeldRequestWhoseBodyIsIncompleteStartsItsBodyDeadline() {
        var machine = Self.machine(.writing)
        var body = ByteBuffer(string: "{}")
        #expect(machine.partDecoded(Self.head("/p")) == .held)
        #expect(machine.partDecoded(.body(body)) == .held)
        #expect(Self.describe(machine.responseFinished()) == "drain")
        _ = machine.nextHeld()
        _ = machine.headReceived(Self.request("/p"))
        _ = machine.nextHeld()
        #expect(Self.describe(machine.bodyReceived(&body)) == "none")
        #expect(machine.drainFinished() == .init(read: false, awaitBody: true))
    }

    @Test func aBodyIsKeptAndCountedAcrossParts() {
        var machine = Self.machine(.receiving)
        var first = ByteBuffer(string: "{\"a\"")
        var second = ByteBuffer(string: ":1}")
        _ = machine.bodyReceived(&first)
        _ = machine.bodyReceived(&second)
        guard case .answer(let request) = machine.endReceived() else {
            Issue.record("the request is answered")
            return
        }
        #expect(request.bodySize == 7)
        #expect(request.body.map { String(decoding: $0.readableBytesView, as: UTF8.self) } == "{\"a\":1}")
    }

    @Test func theClientLeavingDropsWhatWasHeld() {
        var machine = Self.machine(.waiting)
        _ = machine.partDecoded(Self.head("/b"))
        #expect(Self.describe(machine.inactive(now: Self.now)) == "client left")
        #expect(machine.nextHeld() == nil)
        #expect(machine.partDecoded(.end(nil)) == .ignored)
    }

    @Test func aPartAfterHeldOnesIsHeldEvenWhenIdle() {
        var machine = Self.machine(.writing)
        _ = machine.partDecoded(Self.head("/b"))
        #expect(Self.describe(machine.responseFinished()) == "drain")
        // Still holding /b: what comes next goes behind it.
        #expect(machine.partDecoded(.end(nil)) == .held)
        #expect(Self.describe(machine.parserError(.invalidMethod, now: Self.now)) == "none", "held")
        #expect(machine.readRequested() == false)
    }
}

/// The server stopping while a response is held back: that response is the
/// last; what waits behind it is not started.
extension ConnectionStateMachineTests {
    @Test func stoppingFinishesTheHeldResponseAndStartsNothingBehindIt() {
        var machine = Self.machine(.waiting)
        for part in [Self.head("/b"), .end(nil), Self.head("/c"), .end(nil)] {
            #expect(machine.partDecoded(part) == .held)
        }
        #expect(Self.describe(machine.stopping()) == "finish now")
        #expect(Self.describe(machine.responseFinished()) == "refuse held")
        #expect(machine.stateName == "closing")
        #expect(machine.dropHeld().map(\.uri) == ["/b", "/c"])
        #expect(Self.describe(machine.nextHeld()) == "nothing")
        #expect(machine.drainFinished() == .init(read: false, awaitBody: false))
    }
}
