import NIOCore
import NIOEmbedded

@testable import SwitchboardServer

/// Actions in a word or two, for the transition table. An impossible event
/// reads `UNEXPECTED`.
extension ConnectionStateMachineTests {
    static func describe(_ action: Machine.Action) -> String {
        switch action {
        case .none: "none"
        case .unexpected: "UNEXPECTED"
        case .readBody: "receive"
        case .sendContinue: "100-continue"
        case .refuseHead(_, let refusal): "refuse \(refusal.status.code)"
        case .refuse(let request, let refusal):
            "refuse \(refusal.status.code)" + (request == nil ? "" : " with request")
        case .refuseSlowHead: "refuse slow head"
        case .refuseStalledBody: "refuse stalled body"
        case .stream(_, _, let sendContinue): sendContinue ? "stream after 100-continue" : "stream"
        case .answer: "answer"
        case .answerControl: "answer control"
        // The exchange's own action, as its machine's tables spell it.
        case .relay: "relay"
        case .upstream(let action): Self.describe(action)
        case .uploadEnded(let action): "end upload: \(Self.describe(action))"
        case .abortUpload(let action): "abort upload: \(Self.describe(action))"
        case .drainHeld: "drain"
        case .refuseHeld(let thenClose): thenClose ? "refuse held, close" : "refuse held"
        case .closeIfSent: "close if sent"
        case .close: "close"
        case .lingerThenClose: "linger, close"
        case .finishNow: "finish now"
        case .endHang: "end hang"
        case .refuseArriving: "refuse 503"
        case .clientLeft: "client left"
        case .leftMidRequest: "left mid-request"
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
