import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// The connection's transition table, as a value: every event in every
/// state, the impossible ones included (they answer `.unexpected` here;
/// the handler turns that into an assertion).
@Suite struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    /// The states a connection can be in, each reached by legal events.
    enum Start: CaseIterable {
        case idle, receiving, uploading, uploadingRelaying, writing, waiting, hanging, readingFile, awaitingUpstream
        case relaying, cutting, holding, closing, closed
    }

    enum Event: String, CaseIterable {
        case head, headWithoutHost, headExpectingContinue, headExpectingTooMuch, headLive, headLiveExpectingMuch
        case body, bodyOverLimit, uploadPartTaken, end, controlEnd, parserError
        case waitStarted, waitEnded, hangStarted, fileReadStarted, fileReadOpen, fileReadClosed
        case upstreamStarted, relayed, upstreamSending, uploadWriterReady, upstreamHead, upstreamBody, upstreamEnd
        case upstreamFailed, cutReached
        case responseFinished, answerClosed, readRequested, readRequestedWhileForwarding, readCompleted
        case idleDeadline, headDeadline, bodyDeadline, busyDeadline
        case stopping, inactive, part
    }

    static func request(
        _ uri: String = "/a", control: Bool = false, headers: [(String, String)] = [("Host", "test")]
    ) -> Machine.Request {
        Machine.Request(
            head: HTTPRequestHead(version: .http1_1, method: .POST, uri: uri, headers: HTTPHeaders(headers)),
            arrived: .uptimeNanoseconds(0), wallTime: 0, isControl: control, keepAlive: true, fromPage: false)
    }

    static let response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())

    /// An answer that goes live at once: its request streams to the upstream.
    static var live: PreparedResponse {
        var live = Self.response
        live.plan = .relay(UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9), AnswerPlan.BodyPlan())
        return live
    }

    /// A live request with a body to stream.
    static func upload() -> Machine.Request {
        Self.request(headers: [("Host", "test"), ("Content-Length", "4")])
    }

    /// The upstream's head: 200 with a body of `length` bytes (chunked if nil).
    static func upstreamHead(length: Int? = 2) -> HTTPResponseHead {
        HTTPResponseHead(
            version: .http1_1, status: .ok,
            headers: length.map { ["Content-Length": String($0)] } ?? ["Transfer-Encoding": "chunked"])
    }

    static let now = NIODeadline.uptimeNanoseconds(1_000)

    static let exchange = LiveExchange(
        sent: Self.now, upstream: UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9), bandwidth: nil)

    static func machine(_ start: Start, maxBodyBytes: Int = 10) -> Machine {
        var machine = Machine(maxBodyBytes: maxBodyBytes)
        switch start {
        case .idle: break
        case .receiving: _ = machine.headReceived(Self.request())
        case .uploading:
            _ = machine.headReceived(Self.upload(), decided: Self.live)
            _ = machine.upstreamSending(Self.exchange)
        case .uploadingRelaying:
            _ = machine.headReceived(Self.upload(), decided: Self.live)
            _ = machine.upstreamSending(Self.exchange)
            _ = machine.upstreamHeadReceived(Self.upstreamHead(), now: Self.now)
        case .writing, .waiting, .hanging, .readingFile, .awaitingUpstream, .relaying, .cutting, .holding:
            _ = machine.headReceived(Self.request())
            _ = machine.endReceived()
            switch start {
            case .waiting: _ = machine.waitStarted(Self.request(), Self.response, until: .respond)
            case .hanging: _ = machine.hangStarted(Self.request(), Self.response)
            case .readingFile: _ = machine.fileReadStarted()
            case .awaitingUpstream: _ = machine.upstreamStarted(Self.request(), Self.live)
            case .relaying: _ = machine.upstreamStarted(Self.request(), Self.live)
            case .cutting, .holding: _ = machine.upstreamStarted(Self.request(), Self.toCut)
            default: break
            }
            _ = machine.upstreamSending(Self.exchange)
            switch start {
            case .relaying: _ = machine.upstreamHeadReceived(Self.upstreamHead(), now: Self.now)
            case .cutting: _ = machine.upstreamHeadReceived(Self.upstreamHead(length: 100), now: Self.now)
            case .holding: _ = machine.upstreamHeadReceived(Self.upstreamHead(length: nil), now: Self.now)
            default: break
            }
        case .closing: machine.closing()
        case .closed: _ = machine.inactive(now: Self.now)
        }
        return machine
    }

    /// What the event does in that state: the action, then the state after.
    static func outcome(of event: Event, in start: Start) -> String {
        var machine = Self.machine(start)
        let action: String
        switch event {
        case .head: action = Self.describe(machine.headReceived(Self.request()))
        case .headWithoutHost: action = Self.describe(machine.headReceived(Self.request(headers: [])))
        case .headExpectingContinue:
            action = Self.describe(
                machine.headReceived(
                    Self.request(headers: [("Host", "t"), ("Expect", "100-continue"), ("Content-Length", "10")])))
        case .headExpectingTooMuch:
            action = Self.describe(
                machine.headReceived(
                    Self.request(headers: [("Host", "t"), ("Expect", "100-continue"), ("Content-Length", "11")])))
        case .body:
            var buffer = ByteBuffer(string: "{}")
            action = Self.describe(machine.bodyReceived(&buffer))
        case .bodyOverLimit:
            var buffer = ByteBuffer(string: String(repeating: "x", count: 11))
            action = Self.describe(machine.bodyReceived(&buffer))
        case .headLive: action = Self.describe(machine.headReceived(Self.request(), decided: Self.live))
        case .headLiveExpectingMuch:
            let head = Self.request(headers: [("Host", "t"), ("Expect", "100-continue"), ("Content-Length", "11")])
            action = Self.describe(machine.headReceived(head, decided: Self.live))
        case .uploadPartTaken:
            // With a part on its way and a read held back for it.
            if machine.isUploading {
                var buffer = ByteBuffer(string: "{}")
                _ = machine.bodyReceived(&buffer)
                _ = machine.readRequested()
            }
            action = machine.uploadPartTaken() ? "read" : "none"
        case .end: action = Self.describe(machine.endReceived())
        case .controlEnd:
            if case .receiving = machine.state {
                machine = Machine(maxBodyBytes: 10)
                _ = machine.headReceived(Self.request("/__switchboard/endpoints", control: true))
            }
            action = Self.describe(machine.endReceived())
        case .parserError: action = Self.describe(machine.parserError(.invalidHeaderToken, now: Self.now))
        case .waitStarted:
            action = Self.describe(machine.answerStepped(.waiting(Self.request(), Self.response, until: .respond)))
        case .waitEnded: action = Self.describe(machine.answerStepped(.waitOver(Self.request(), Self.response)))
        case .hangStarted: action = Self.describe(machine.answerStepped(.hanging(Self.request(), Self.response)))
        case .fileReadStarted:
            action = Self.describe(machine.answerStepped(.bodyMaking(Self.request(), Self.response)))
        case .fileReadOpen:
            action = Self.describe(machine.answerStepped(.bodyMade(Self.request(), Self.response, channelOpen: true)))
        case .fileReadClosed:
            action = Self.describe(machine.answerStepped(.bodyMade(Self.request(), Self.response, channelOpen: false)))
        case .upstreamStarted: action = Self.describe(machine.upstreamStarted(Self.request(), Self.live))
        case .relayed: action = Self.describe(machine.answerStepped(.relayed(Self.request(), Self.live)))
        case .upstreamSending:
            action = machine.upstreamSending(Self.exchange).map(Self.describe) ?? "UNEXPECTED"
        case .uploadWriterReady:
            let loop = EmbeddedEventLoop()
            let done = loop.makePromise(of: Void.self)
            action = Self.describe(machine.uploadWriterReady(NoWriter(), done: done))
            done.succeed()
        case .upstreamHead: action = Self.describe(machine.upstreamHeadReceived(Self.upstreamHead(), now: Self.now))
        case .upstreamBody:
            action = Self.describe(machine.upstreamBodyReceived(ByteBuffer(string: "{}"), now: Self.now))
        case .upstreamEnd: action = Self.describe(machine.upstreamFinished(now: Self.now))
        case .upstreamFailed: action = Self.describe(machine.upstreamFailed(.noUpstream, now: Self.now))
        case .cutReached: action = Self.describe(machine.cutReached(now: Self.now))
        case .responseFinished: action = Self.describe(machine.answerStepped(.finished(at: Self.now)))
        case .answerClosed: action = Self.describe(machine.answerStepped(.closed))
        case .readRequested: action = machine.readRequested() ? "read" : "defer"
        case .readRequestedWhileForwarding:
            // A part is on its way to the upstream, if the state streams one.
            if machine.isUploading {
                var buffer = ByteBuffer(string: "{}")
                _ = machine.bodyReceived(&buffer)
            }
            action = machine.readRequested() ? "read" : "defer"
        case .readCompleted: action = "\(machine.readCompleted())"
        case .idleDeadline: action = Self.describe(machine.deadlinePassed(.idle, now: Self.now))
        case .headDeadline: action = Self.describe(machine.deadlinePassed(.readingHead, now: Self.now))
        case .bodyDeadline: action = Self.describe(machine.deadlinePassed(.readingBody, now: Self.now))
        case .busyDeadline: action = Self.describe(machine.deadlinePassed(.busy, now: Self.now))
        case .stopping: action = Self.describe(machine.stopping())
        case .inactive: action = Self.describe(machine.inactive(now: Self.now))
        case .part: action = "\(machine.partDecoded(.end(nil)))"
        }
        return "\(action) → \(machine.stateName)"
    }

    /// Rows: events. Columns: the state the event finds, in `Start`'s order
    /// (idle, receiving, uploading, uploading while relaying, writing,
    /// waiting, hanging, reading a file, awaiting the upstream, relaying,
    /// relaying to cut, holding the upstream's answer, closing, closed).
    /// Each cell: the action, then the state after it.
    static let expected = """
        head:                          receive → receiving                   | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        headWithoutHost:               refuse 400 → closing                  | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        headExpectingContinue:         100-continue → receiving              | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        headExpectingTooMuch:          refuse 413 → closing                  | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        headLive:                      stream → uploading                    | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        headLiveExpectingMuch:         stream after 100-continue → uploading | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        body:                          UNEXPECTED → idle                     | none → receiving                  | none → uploading                                 | none → uploading, relaying                       | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        bodyOverLimit:                 UNEXPECTED → idle                     | refuse 413 with request → closing | none → uploading                                 | none → uploading, relaying                       | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        uploadPartTaken:               none → idle                           | none → receiving                  | read → uploading                                 | read → uploading, relaying                       | none → writing                | none → waiting          | none → hanging          | none → reading a file          | none → awaiting the upstream          | none → relaying                            | none → relaying to cut                     | none → holding the upstream's answer          | none → closing               | none → closed
        end:                           UNEXPECTED → idle                     | answer → writing                  | end upload: none → awaiting the upstream         | end upload: none → relaying                      | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        controlEnd:                    UNEXPECTED → idle                     | answer control → writing          | end upload: none → awaiting the upstream         | end upload: none → relaying                      | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        parserError:                   refuse 400 → closing                  | refuse 400 with request → closing | abort upload: end noStatusLine, cancel → closing | abort upload: end noStatusLine, cancel → closing | none → writing                | none → waiting          | none → hanging          | none → reading a file          | none → awaiting the upstream          | none → relaying                            | none → relaying to cut                     | none → holding the upstream's answer          | none → closing               | none → closed
        waitStarted:                   UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | none → waiting                | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        waitEnded:                     UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | none → writing          | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        hangStarted:                   UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | none → hanging                | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        fileReadStarted:               UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | none → reading a file         | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        fileReadOpen:                  UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | none → writing                 | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | client left → closing        | client left → closed
        fileReadClosed:                UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | client left → closing          | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | client left → closing        | client left → closed
        upstreamStarted:               UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | none → awaiting the upstream  | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        relayed:                       UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | relay → awaiting the upstream | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        upstreamSending:               UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | UNEXPECTED → closing         | UNEXPECTED → closed
        uploadWriterReady:             refuse writer → idle                  | refuse writer → receiving         | start upload of 0 → uploading                    | start upload of 0 → uploading, relaying          | refuse writer → writing       | refuse writer → waiting | refuse writer → hanging | refuse writer → reading a file | refuse writer → awaiting the upstream | refuse writer → relaying                   | refuse writer → relaying to cut            | refuse writer → holding the upstream's answer | refuse writer → closing      | refuse writer → closed
        upstreamHead:                  UNEXPECTED → idle                     | UNEXPECTED → receiving            | write head, then close → uploading, relaying     | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | write head → relaying                 | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | ignore → closing             | ignore → closed
        upstreamBody:                  UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | write → uploading, relaying                      | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | write → relaying                           | write → relaying to cut                    | none → holding the upstream's answer          | ignore → closing             | ignore → closed
        upstreamEnd:                   UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | finish, linger, keep → writing                   | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | finish, keepAlive, keep → writing          | end answered(200), cancel, close → closing | answer 200, keep → writing                    | ignore → closing             | ignore → closed
        upstreamFailed:                ignore → idle                         | ignore → receiving                | answer 502, then close → writing                 | end answered(200), close → closing               | ignore → writing              | ignore → waiting        | ignore → hanging        | ignore → reading a file        | answer 502 → writing                  | end answered(200), close → closing         | end answered(200), close → closing         | answer 502 → writing                          | ignore → closing             | ignore → closed
        cutReached:                    UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | end answered(200), cancel, close → closing       | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | end answered(200), cancel, close → closing | end answered(200), cancel, close → closing | UNEXPECTED → holding the upstream's answer    | ignore → closing             | ignore → closed
        responseFinished:              UNEXPECTED → idle                     | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | drain → idle                  | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | none → closing               | none → closed
        answerClosed:                  close → idle                          | close → receiving                 | close → uploading                                | close → uploading, relaying                      | close → writing               | close → waiting         | close → hanging         | close → reading a file         | close → awaiting the upstream         | close → relaying                           | close → relaying to cut                    | close → holding the upstream's answer         | close → closing              | close → closed
        readRequested:                 read → idle                           | read → receiving                  | read → uploading                                 | read → uploading, relaying                       | defer → writing               | defer → waiting         | defer → hanging         | defer → reading a file         | defer → awaiting the upstream         | defer → relaying                           | defer → relaying to cut                    | defer → holding the upstream's answer         | read → closing               | read → closed
        readRequestedWhileForwarding:  read → idle                           | read → receiving                  | defer → uploading                                | defer → uploading, relaying                      | defer → writing               | defer → waiting         | defer → hanging         | defer → reading a file         | defer → awaiting the upstream         | defer → relaying                           | defer → relaying to cut                    | defer → holding the upstream's answer         | read → closing               | read → closed
        readCompleted:                 headBegun → idle                      | bodyIncomplete → receiving        | bodyIncomplete → uploading                       | bodyIncomplete → uploading, relaying             | none → writing                | none → waiting          | none → hanging          | none → reading a file          | none → awaiting the upstream          | none → relaying                            | none → relaying to cut                     | none → holding the upstream's answer          | none → closing               | none → closed
        idleDeadline:                  close if sent → idle                  | close if sent → receiving         | close if sent → uploading                        | close if sent → uploading, relaying              | close if sent → writing       | close if sent → waiting | close if sent → hanging | close if sent → reading a file | close if sent → awaiting the upstream | close if sent → relaying                   | close if sent → relaying to cut            | close if sent → holding the upstream's answer | close if sent → closing      | close if sent → closed
        headDeadline:                  refuse slow head → closing            | UNEXPECTED → receiving            | UNEXPECTED → uploading                           | UNEXPECTED → uploading, relaying                 | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | close → closing              | UNEXPECTED → closed
        bodyDeadline:                  UNEXPECTED → idle                     | refuse stalled body → closing     | abort upload: end noStatusLine, cancel → closing | abort upload: end noStatusLine, cancel → closing | UNEXPECTED → writing          | UNEXPECTED → waiting    | UNEXPECTED → hanging    | UNEXPECTED → reading a file    | UNEXPECTED → awaiting the upstream    | UNEXPECTED → relaying                      | UNEXPECTED → relaying to cut               | UNEXPECTED → holding the upstream's answer    | close → closing              | UNEXPECTED → closed
        busyDeadline:                  none → idle                           | none → receiving                  | none → uploading                                 | none → uploading, relaying                       | none → writing                | none → waiting          | none → hanging          | none → reading a file          | none → awaiting the upstream          | none → relaying                            | none → relaying to cut                     | none → holding the upstream's answer          | none → closing               | none → closed
        stopping:                      refuse held, close → closing          | refuse 503 → closing              | none → uploading                                 | none → uploading, relaying                       | refuse held, close → closing  | finish now → writing    | end hang → closing      | refuse held, close → closing   | none → awaiting the upstream          | none → relaying                            | none → relaying to cut                     | none → holding the upstream's answer          | refuse held, close → closing | refuse held, close → closed
        inactive:                      none → closed                         | left mid-request → closed         | end clientLeft, cancel → closed                  | end clientLeft, cancel → closed                  | none → closed                 | client left → closed    | end hang → closed       | none → closed                  | end clientLeft, cancel → closed       | end clientLeft, cancel → closed            | end clientLeft, cancel → closed            | end clientLeft, cancel → closed               | none → closed                | none → closed
        part:                          handle → idle                         | handle → receiving                | handle → uploading                               | handle → uploading, relaying                     | held → writing                | held → waiting          | held → hanging          | held → reading a file          | held → awaiting the upstream          | held → relaying                            | held → relaying to cut                     | held → holding the upstream's answer          | ignored → closing            | ignored → closed
        """

    @Test func eachEventInEachState() {
        let rows = Self.expected.split(separator: "\n")
        #expect(rows.count == Event.allCases.count)
        for (event, row) in zip(Event.allCases, rows) {
            let name = row.prefix { $0 != ":" }
            #expect(name == event.rawValue)
            let expected = row.dropFirst(name.count + 1).split(separator: "|").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let actual = Start.allCases.map { Self.outcome(of: event, in: $0) }
            for (start, (want, got)) in zip(Start.allCases, zip(expected, actual)) {
                #expect(got == want, "\(event) while \(start)")
            }
        }
    }
}
