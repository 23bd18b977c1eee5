extension CountRule {
    /// How far the rule has got after `counted` requests, in words the
    /// endpoint row and `switchboard status` share: `2 of 3 failed`,
    /// `every 3: 2 reset`, `after 5: 4 left`, `expired`; `short` for a narrow column
    /// (`2/3 failed`, `every 3: 2`, `4 left`).
    public func progress(counted: Int) -> (long: String, short: String) {
        let failed = self.failures(in: counted)
        let failing = self.failure == .serverError ? "failed" : self.failure.name
        switch self.kind {
        case .failFirst:
            return ("\(failed) of \(self.count) \(failing)", "\(failed)/\(self.count) \(failing)")
        case .every:
            return ("every \(self.count): \(failed) \(failing)", "every \(self.count): \(failed)")
        case .after:
            let left = self.count - counted
            // While it counts, the row names the rule: `3 left` alone says
            // not of what.
            let long =
                left > 0
                ? "after \(self.count): \(left) left"
                : self.failure == .serverError ? "expired" : "expired: \(failing)"
            return (long, left > 0 ? "\(left) left" : "expired")
        }
    }
}
