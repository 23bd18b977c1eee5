/// How the screen's rows are shared out: header, endpoint list, log, help bar.
public struct Layout: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Rows for endpoint lines (after the pane title).
    public let endpointRows: Int
    /// Rows for log lines (after the pane title).
    public let logRows: Int
    /// Rows for a failed reload's problem, between the endpoint pane's
    /// title and its list.
    public let bannerRows: Int

    /// Row indices.
    public var headerRow: Int { 0 }
    public var endpointTitleRow: Int { 1 }
    public var firstBannerRow: Int { 2 }
    public var firstEndpointRow: Int { 2 + self.bannerRows }
    public var logTitleRow: Int { 2 + self.bannerRows + self.endpointRows }
    public var firstLogRow: Int { 3 + self.bannerRows + self.endpointRows }
    public var barRow: Int { self.height - 1 }
    /// Lines of a request's details on screen at once (between its title
    /// and the help bar).
    public var detailsRows: Int { max(1, self.height - 3) }

    /// The layout of `state`'s screen.
    public init(_ state: AppState, width: Int, height: Int) {
        self.init(
            width: width, height: height, endpointCount: state.endpoints.count,
            bannerRows: ReloadBanner.lines(state, width: width).count)
    }

    /// A reload problem's banner takes what it needs but leaves a row each
    /// to the endpoints and the log; the endpoint list takes what it needs
    /// up to half the rest; the log takes the rest, and always keeps at
    /// least one row.
    public init(width: Int, height: Int, endpointCount: Int, bannerRows: Int = 0) {
        self.width = width
        self.height = height
        self.bannerRows = min(bannerRows, max(0, height - 6))
        let body = max(0, height - 4 - self.bannerRows)
        let wanted = max(1, endpointCount)
        let endpointRows = min(wanted, max(1, body / 2), max(0, body - 1))
        self.endpointRows = max(0, endpointRows)
        self.logRows = max(0, body - self.endpointRows)
    }
}

extension Layout {
    /// What is drawn at a screen cell, for the mouse.
    public enum Spot: Equatable, Sendable {
        /// The `row`th endpoint line on screen (from the top of the list);
        /// `modeCell` when the cell is in its mode column.
        case endpoint(row: Int, modeCell: Bool)
        /// The `row`th log line on screen.
        case log(row: Int)
        case elsewhere
    }

    /// What is at column `x`, row `y` of the main screen (no overlay open).
    /// `longestLatency`, `longestPath`, `longestID`: as `EndpointListView.columns` gives
    /// them, so that the mode cell is where it is drawn.
    public func spot(
        x: Int, y: Int, longestLatency: Int = 0, longestPath: Int = 56, longestID: Int = 0
    ) -> Spot {
        self.spot(
            x: x, y: y,
            columns: EndpointListView.Columns(
                width: self.width, longestLatency: longestLatency, longestPath: longestPath, longestID: longestID))
    }

    /// The same, with the endpoint list's columns as drawn.
    func spot(x: Int, y: Int, columns: EndpointListView.Columns) -> Spot {
        guard x >= 0, x < self.width else { return .elsewhere }
        if y >= self.firstEndpointRow, y < self.firstEndpointRow + self.endpointRows {
            let modeStart = 3 + columns.method + columns.path + columns.id + 1
            return .endpoint(row: y - self.firstEndpointRow, modeCell: x >= modeStart && x < modeStart + columns.mode)
        }
        if y >= self.firstLogRow, y < self.firstLogRow + self.logRows {
            return .log(row: y - self.firstLogRow)
        }
        return .elsewhere
    }
}
