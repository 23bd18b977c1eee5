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
        case .forward: "forward"
        case .refuseBody: "refuse 413"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.EndAction) -> String {
        switch action {
        case .answer: "answer"
        case .answerControl: "answer control"
        case .endUpload: "end upload"
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

    static func describe(_ action: Machine.UpstreamHeadAction) -> String {
        switch action {
        case .relay(let request, _): request.keepAlive ? "relay" : "relay, then close"
        case .hold: "hold"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.UpstreamPartAction) -> String {
        switch action {
        case .write: "write"
        case .hold: "hold"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.UpstreamEndAction) -> String {
        switch action {
        case .finish(let request, _): request.keepAlive ? "finish" : "finish, then close"
        case .ignore: "ignore"
        case .unexpected: "UNEXPECTED"
        }
    }

    static func describe(_ action: Machine.UpstreamFailureAction) -> String {
        switch action {
        case .answer(let request, _): request.keepAlive ? "answer 502/504" : "answer 502/504, then close"
        case .cutShort: "cut short"
        case .ignore: "ignore"
        }
    }
}
