import NIOCore
import NIOEmbedded

@testable import SwitchboardServer

/// Actions in a word or two, for the transition table. An impossible event
/// reads `UNEXPECTED`.
extension ConnectionStateMachineTests {
    static func describe(_ action: Machine.HeadAction) -> String {
        switch action {
        case .receive: "receive"
        case .sendContinue: "100-continue"
        case .refuse(_, let status, _): "refuse \(status.code)"
        case .refuseBody: "refuse 413"
        case .stream(_, _, let sendContinue): sendContinue ? "stream after 100-continue" : "stream"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.BodyAction) -> String {
        switch action {
        case .receive: "receive"
        case .forward(let action): "forward: \(Self.describe(action))"
        case .refuseBody: "refuse 413"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.EndAction) -> String {
        switch action {
        case .answer: "answer"
        case .answerControl: "answer control"
        case .endUpload(let action): "end upload: \(Self.describe(action))"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.ParserErrorAction) -> String {
        switch action {
        case .refuse(let request, let status, _): "refuse \(status.code)" + (request == nil ? "" : " with request")
        case .abortUpload: "abort upload"
        case .held: "hold"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ progress: Machine.Progress) -> String {
        switch progress {
        case .ok: "ok"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.FileReadAction) -> String {
        switch action {
        case .answer: "answer"
        case .clientLeft: "client left"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.FinishAction) -> String {
        switch action {
        case .drainHeld: "drain"
        case .none: "none"
        case .dropHeld: "drop held"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.DeadlineAction) -> String {
        switch action {
        case .closeIfSent: "close if sent"
        case .refuseSlowHead: "refuse slow head"
        case .refuseStalledBody: "refuse stalled body"
        case .abandonStalledUpload: "abandon stalled upload"
        case .close: "close"
        case .none: "none"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.StopAction) -> String {
        switch action {
        case .finishNow: "finish now"
        case .endHang: "end hang"
        case .refuseArriving: "refuse 503"
        case .awaitUpstream: "await upstream"
        case .close: "close"
        }
    }

    static func describe(_ action: Machine.InactiveAction) -> String {
        switch action {
        case .clientLeft: "client left"
        case .hangEnded: "hang ended"
        case .leftMidRequest: "left mid-request"
        case .upstreamAbandoned: "upstream abandoned"
        case .uploadAbandoned: "upload abandoned"
        case .none: "none"
        }
    }

    static func describe(_ action: Machine.UpstreamAction) -> String {
        switch action {
        case .none: "none"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        case .uploadPart: "upload part"
        case .startUpload(let parts, _, let end): "start upload of \(parts.count)" + (end == nil ? "" : ", end")
        case .endUpload: "end upload"
        case .dropPart: "drop part"
        case .refuseWriter: "refuse writer"
        case .failUpstream: "fail upstream"
        case .writeHead(let head, let raw, let last):
            (raw ? "write head as bytes" : "write head") + (last ? " (all of the answer)" : "")
                + (head.headers.first(name: "Connection") == "close" ? ", then close" : "")
        case .writeCutHead(_, _, let cutNow): cutNow ? "write cut head, cut now" : "write cut head"
        case .write(_, _, _, let thenCut): thenCut ? "write, then cut" : "write"
        case .finish(_, _, let keep, _, let close, _): "finish, \(close)" + (keep == nil ? "" : ", keep")
        case .answer(let request, let response, let keep, let cancel, _):
            "answer \(response.status.code)" + (request.keepAlive ? "" : ", then close") + (keep == nil ? "" : ", keep")
                + (cancel ? ", cancel" : "")
        case .end(_, _, let status, let keep, let cancel, let close, _):
            "end \(status)" + (keep == nil ? "" : ", keep") + (cancel ? ", cancel" : "") + (close ? ", close" : "")
        }
    }
}

extension ConnectionStateMachineTests {
    static func describe(_ body: UpstreamRequest.Body) -> String {
        switch body {
        case .none: "send without body"
        case .whole: "send whole body"
        case .stream(let length): "send streaming \(length.map(String.init) ?? "chunked")"
        }
    }
}

/// A body writer that takes nothing, for the tables.
struct NoWriter: UpstreamBodyWriter {
    func write(_ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        EmbeddedEventLoop().makeSucceededVoidFuture()
    }
}
