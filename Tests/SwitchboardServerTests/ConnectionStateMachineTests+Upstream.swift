import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// The upstream sub-machine's own transition tables, as values: every
/// event of the upload in every upload state, and every event of the
/// answer in every answer state, the impossible ones included.
extension ConnectionStateMachineTests {
    typealias Upstream = UpstreamStateMachine

    enum UploadStart: CaseIterable {
        case noBody, awaitingWriter, awaitingWriterEnded, streaming, finished
    }

    enum UploadEvent: String, CaseIterable {
        case part, writerReady, requestEnded, abandon
    }

    /// An exchange whose upload is in `start` (its answer awaited), with
    /// the promise it holds, if any, for the test to complete.
    static func upstream(_ start: UploadStart, loop: Promises) -> Upstream {
        var upstream = Upstream(streaming: start == .noBody ? Self.request() : Self.upload(), Self.live)
        _ = upstream.sent(Self.exchange)
        switch start {
        case .noBody, .awaitingWriter: break
        case .awaitingWriterEnded: _ = upstream.requestEnded()
        case .streaming: _ = upstream.writerReady(NoWriter(), done: loop.makePromise())
        case .finished:
            _ = upstream.writerReady(NoWriter(), done: loop.makePromise())
            _ = upstream.requestEnded()
        }
        return upstream
    }

    static func outcome(of event: UploadEvent, in start: UploadStart) -> String {
        let loop = Promises()
        defer { loop.completeAll() }
        var upstream = Self.upstream(start, loop: loop)
        let action: String
        switch event {
        case .part: action = Self.describe(upstream.bodyPartReceived(ByteBuffer(string: "{}")))
        case .writerReady: action = Self.describe(upstream.writerReady(NoWriter(), done: loop.makePromise()))
        case .requestEnded: action = Self.describe(upstream.requestEnded())
        case .abandon: action = upstream.abandonUpload() == nil ? "nothing to fail" : "fail the body"
        }
        return "\(action), \(upstream.bodyUnread ? "body unread" : "body read")"
    }

    /// Makes promises for the body writer and completes them all once a
    /// cell is read (NIO checks that none leaks; completing one twice is
    /// ignored).
    final class Promises {
        let loop = EmbeddedEventLoop()
        var made: [EventLoopPromise<Void>] = []

        func makePromise() -> EventLoopPromise<Void> {
            let promise = self.loop.makePromise(of: Void.self)
            self.made.append(promise)
            return promise
        }

        func completeAll() {
            for promise in self.made { promise.succeed() }
        }
    }

    /// Rows: upload events. Columns: no body to stream, awaiting the
    /// transport's writer, awaiting it with the request's end in, streaming,
    /// finished. Each cell: the action, then whether the client's body is
    /// still unread (which decides how the connection ends after an answer).
    static let uploadTable = """
        part:          drop part, body read       | none, body unread              | drop part, body read              | upload part, body unread   | drop part, body read
        writerReady:   refuse writer, body read   | start upload of 0, body unread | start upload of 0, end, body read | refuse writer, body unread | refuse writer, body read
        requestEnded:  none, body read            | none, body read                | none, body read                   | end upload, body read      | none, body read
        abandon:       nothing to fail, body read | nothing to fail, body read     | nothing to fail, body read        | fail the body, body read   | nothing to fail, body read
        """

    @Test func eachUploadEventInEachUploadState() {
        Self.checkTable(Self.uploadTable, UploadEvent.allCases.map(\.rawValue), columns: UploadStart.allCases.count) {
            row, column in Self.outcome(of: UploadEvent.allCases[row], in: UploadStart.allCases[column])
        }
    }

    enum AnswerStart: CaseIterable {
        case awaitingHead, awaitingCut, relaying, relayingDelivered, relayingClientGone, cutting, holding, holdingFull
    }

    enum AnswerEvent: String, CaseIterable {
        case head, headEmpty, headChunked, head101, headForHEAD, headWhileUploading, body, end, cutReached, failed
        case clientClosed, aborted
    }

    static func upstream(_ start: AnswerStart) -> Upstream {
        let cuts = [.awaitingCut, .cutting, .holding, .holdingFull].contains(start)
        var upstream = Upstream(whole: Self.request(), cuts ? Self.toCut : Self.live)
        _ = upstream.sent(Self.exchange)
        switch start {
        case .awaitingHead, .awaitingCut: break
        case .relaying, .relayingDelivered, .relayingClientGone:
            _ = upstream.headReceived(Self.upstreamHead(), for: Self.request(), now: Self.now)
            _ = upstream.bodyPartReceived(ByteBuffer(string: "{}"), for: Self.request(), now: Self.now)
            if start == .relayingDelivered { upstream.clientWrite(last: true, succeeded: true) }
            if start == .relayingClientGone { upstream.clientWrite(last: false, succeeded: false) }
        case .cutting:
            _ = upstream.headReceived(Self.upstreamHead(length: 100), for: Self.request(), now: Self.now)
        case .holding, .holdingFull:
            _ = upstream.headReceived(Self.upstreamHead(length: nil), for: Self.request(), now: Self.now)
            if start == .holdingFull {
                let full = ByteBuffer(repeating: 0x61, count: Upstream.heldLimit)
                _ = upstream.bodyPartReceived(full, for: Self.request(), now: Self.now)
            }
        }
        return upstream
    }

    static func outcome(of event: AnswerEvent, in start: AnswerStart) -> String {
        var upstream = Self.upstream(start)
        let request = Self.request()
        let action: Upstream.Action
        switch event {
        case .head: action = upstream.headReceived(Self.upstreamHead(), for: request, now: Self.now)
        case .headEmpty: action = upstream.headReceived(Self.upstreamHead(length: 0), for: request, now: Self.now)
        case .headChunked: action = upstream.headReceived(Self.upstreamHead(length: nil), for: request, now: Self.now)
        case .head101:
            let head = HTTPResponseHead(version: .http1_1, status: .switchingProtocols)
            action = upstream.headReceived(head, for: request, now: Self.now)
        case .headForHEAD:
            var head = Self.request()
            head = Machine.Request(
                head: HTTPRequestHead(version: .http1_1, method: .HEAD, uri: "/a", headers: ["Host": "t"]),
                arrived: head.arrived, wallTime: 0, isControl: false, keepAlive: true, fromPage: false)
            action = upstream.headReceived(Self.upstreamHead(), for: head, now: Self.now)
        case .headWhileUploading:
            action = upstream.headReceived(
                Self.upstreamHead(length: nil), for: request, now: Self.now, mayHold: false)
        case .body: action = upstream.bodyPartReceived(ByteBuffer(string: "{}"), for: request, now: Self.now)
        case .end: action = upstream.ended(for: request, now: Self.now)
        case .cutReached: action = upstream.cutReached(for: request, now: Self.now)
        case .failed: action = upstream.failed(.noUpstream, for: request, now: Self.now)
        case .clientClosed: action = upstream.clientClosed(request, now: Self.now)
        case .aborted: action = upstream.aborted(request, why: "gone", status: .clientLeft, now: Self.now)
        }
        return "\(Self.describe(action)) → \(upstream.stateName)"
    }

    /// Rows: answer events. Columns: awaiting the head, awaiting the head
    /// of an answer to cut (`truncated`), relaying, relaying
    /// with the last byte delivered, relaying with the client gone, relaying
    /// to cut (`truncated`, length known), holding (length unknown), holding
    /// a full `heldLimit`. Each cell: the action, then the answer's state
    /// (an action that ends the exchange leaves it as it was: the connection
    /// drops it).
    static let answerTable = """
        head:                write head → relaying                              | write cut head → relaying to cut               | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying to cut                       | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        headEmpty:           write head (all of the answer) → relaying          | write cut head, cut now → relaying to cut      | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying to cut                       | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        headChunked:         write head → relaying                              | none → holding the upstream's answer           | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying to cut                       | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        head101:             fail upstream → awaiting the upstream              | fail upstream → awaiting the upstream          | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying to cut                       | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        headForHEAD:         write head as bytes (all of the answer) → relaying | write cut head, cut now → relaying to cut      | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying to cut                       | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        headWhileUploading:  write head → relaying                              | write cut head, cut now → relaying to cut      | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying                       | UNEXPECTED → relaying to cut                       | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        body:                UNEXPECTED → awaiting the upstream                 | UNEXPECTED → awaiting the upstream             | write → relaying                            | write → relaying                            | write → relaying                            | write → relaying to cut                            | none → holding the upstream's answer                   | answer 200, cancel → holding the upstream's answer
        end:                 UNEXPECTED → awaiting the upstream                 | UNEXPECTED → awaiting the upstream             | finish, keepAlive, keep → relaying          | finish, keepAlive, keep → relaying          | finish, keepAlive, keep → relaying          | end answered(200), cancel, close → relaying to cut | answer 200, keep → holding the upstream's answer       | answer 200, keep → holding the upstream's answer
        cutReached:          UNEXPECTED → awaiting the upstream                 | UNEXPECTED → awaiting the upstream             | end answered(200), cancel, close → relaying | end answered(200), cancel, close → relaying | end answered(200), cancel, close → relaying | end answered(200), cancel, close → relaying to cut | UNEXPECTED → holding the upstream's answer             | UNEXPECTED → holding the upstream's answer
        failed:              answer 502 → awaiting the upstream                 | answer 502 → awaiting the upstream             | end answered(200), close → relaying         | end answered(200), close → relaying         | end clientLeft, close → relaying            | end answered(200), close → relaying to cut         | answer 502 → holding the upstream's answer             | answer 502 → holding the upstream's answer
        clientClosed:        end clientLeft, cancel → awaiting the upstream     | end clientLeft, cancel → awaiting the upstream | end clientLeft, cancel → relaying           | end answered(200), keep, cancel → relaying  | end clientLeft, cancel → relaying           | end clientLeft, cancel → relaying to cut           | end clientLeft, cancel → holding the upstream's answer | end clientLeft, cancel → holding the upstream's answer
        aborted:             end clientLeft, cancel → awaiting the upstream     | end clientLeft, cancel → awaiting the upstream | end clientLeft, cancel → relaying           | end clientLeft, cancel → relaying           | end clientLeft, cancel → relaying           | end clientLeft, cancel → relaying to cut           | end clientLeft, cancel → holding the upstream's answer | end clientLeft, cancel → holding the upstream's answer
        """

    @Test func eachAnswerEventInEachAnswerState() {
        Self.checkTable(Self.answerTable, AnswerEvent.allCases.map(\.rawValue), columns: AnswerStart.allCases.count) {
            row, column in Self.outcome(of: AnswerEvent.allCases[row], in: AnswerStart.allCases[column])
        }
    }

    static func checkTable(
        _ table: String, _ events: [String], columns: Int, outcome: (Int, Int) -> String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let rows = table.split(separator: "\n")
        var actual = ""
        for (index, event) in events.enumerated() {
            actual += "\(event): " + (0..<columns).map { outcome(index, $0) }.joined(separator: " | ") + "\n"
        }
        #expect(rows.count == events.count, "the table:\n\(actual)", sourceLocation: sourceLocation)
        for (index, (event, row)) in zip(events, rows).enumerated() {
            let name = row.prefix { $0 != ":" }
            #expect(name == event, sourceLocation: sourceLocation)
            let expected = row.dropFirst(name.count + 1).split(separator: "|").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for column in 0..<columns {
                let got = outcome(index, column)
                #expect(
                    column < expected.count && got == expected[column], "\(event) in column \(column): \(got)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}
