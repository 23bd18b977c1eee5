extension Mode {
    /// Whether the mode is `fail_first:N`, `every:N` or `after:N`.
    public var isCountRule: Bool {
        if case .rule = self { return true }
        return false
    }
}
