import NIOCore
import SwitchboardCore

extension PreparedResponse {
    /// This answer replaced by the 502 (or 504) saying why the upstream
    /// gave none: JSON, built per request, journaled with the cause.
    mutating func answer(_ failure: UpstreamFailure, upstream: UpstreamURL?, outcome: UpstreamOutcome) {
        let body = failure.body(upstream: upstream)
        self.status = failure.status
        self.headers = UnmatchedResponse.headers(length: body.readableBytes)
        RateLimitAnswer.restamp(self.rateVerdict, on: &self.headers)
        self.body = body
        self.head = nil
        self.wire = nil
        self.plan = .answer(AnswerPlan.BodyPlan())
        self.notes.upstream = outcome
    }
}
