/// How the screen's rows are shared out: header, endpoint list, log, help bar.
public struct Layout: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Rows for endpoint lines (after the pane title).
    public let endpointRows: Int
    /// Rows for log lines (after the pane title).
    public let logRows: Int

    /// Row indices.
    public var headerRow: Int { 0 }
    public var endpointTitleRow: Int { 1 }
    public var firstEndpointRow: Int { 2 }
    public var logTitleRow: Int { 2 + self.endpointRows }
    public var firstLogRow: Int { 3 + self.endpointRows }
    public var barRow: Int { self.height - 1 }
    /// Lines of a request's details on screen at once (between its title
    /// and the help bar).
    public var detailsRows: Int { max(1, self.height - 3) }

    /// The endpoint list takes what it needs up to half the body; the log
    /// takes the rest, and always keeps at least one row.
    public init(width: Int, height: Int, endpointCount: Int) {
        self.width = width
        self.height = height
        let body = max(0, height - 4)
        let wanted = max(1, endpointCount)
        let endpointRows = min(wanted, max(1, body / 2), max(0, body - 1))
        self.endpointRows = max(0, endpointRows)
        self.logRows = max(0, body - self.endpointRows)
    }
}
