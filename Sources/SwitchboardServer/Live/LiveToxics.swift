import SwitchboardControl
import SwitchboardModel

/// The connection toxics on an answer relayed from the upstream as it
/// arrives, whose length may not be known before its end: `limit_data`
/// counts the bytes relayed and cuts once a byte past its limit arrives;
/// `slow_close` holds the close back after the end. (The slicer paces the
/// parts: the exchange's `Pacer`.)
///
/// A value, kept in the exchange (`UpstreamStateMachine`): the handler
/// asks the connection machine what to write and when, and does it.
struct LiveToxics {
    /// Body bytes that may still go out before `limit_data` cuts.
    private(set) var allowed: Int?
    let slowClose: Duration?

    /// The toxics for a live request about to be sent; `nil` without any,
    /// and for `truncated`, a fault they leave alone.
    init?(for response: PreparedResponse) {
        guard let toxics = Self.acting(on: response) else { return nil }
        self.init(toxics)
    }

    /// `nil` when there are no toxics.
    init?(_ toxics: Toxics) {
        guard !toxics.isEmpty else { return nil }
        self.allowed = toxics.limitData
        self.slowClose = toxics.slowClose
    }

    /// The toxics that act on a live request's answer: none on
    /// `truncated`, a fault they leave alone.
    static func acting(on response: PreparedResponse) -> Toxics? {
        guard response.hasToxics, case .relay(_, let plan) = response.plan, plan.cut == nil else { return nil }
        return response.decision?.toxics
    }

    /// What of a part of `length` bytes goes out: all of it, or only the
    /// bytes up to the limit, after which the connection is cut. A part
    /// that ends exactly at the limit is not cut: the answer may end there
    /// (a limit at or above the body's size changes nothing).
    mutating func admit(_ length: Int) -> (bytes: Int, cut: Bool) {
        guard let allowed = self.allowed else { return (length, false) }
        let bytes = min(allowed, length)
        self.allowed = allowed - bytes
        return (bytes, bytes < length)
    }
}
