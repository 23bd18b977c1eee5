public import SwitchboardCore
public import SwitchboardModel

/// Something that happened: a key, new requests, a changed setting, time.
/// Every change to the screen's state goes through one of these.
public enum Action: Sendable {
    case key(Key)
    /// The control panel changed (from this screen, the API, a scenario).
    case panel(PanelSnapshot, JournalStats)
    /// New journal entries; `missed` were dropped before the screen read them.
    case requests([JournalEntry], missed: Int, stats: JournalStats)
    /// Requests each count rule has decided so far, by endpoint id, read
    /// with the new requests: the rows' progress (`2 of 3 failed`).
    case counted([String: Int])
    /// How many items each resource holds, by name, read with the new
    /// requests (creates and deletes change them without a panel change).
    case resourceItems([String: Int])
    /// A clock tick, for the request rate and the sparklines.
    case tick(now: Double)
    /// The time of day, for the drill's countdown.
    case wallClock(Double)
    /// Settings changes since the last ones, for the log's marker lines.
    case changes([PanelChange])
    /// The request asked for with `enter`, or nil if it is no longer kept.
    case details(DetailsView?)
    /// Something the runtime wants to tell the user (a file written).
    case notice(String)
    /// What a recording wrote, or why it wrote nothing. The reloads it
    /// caused, up to manifest generation `keptThrough` (its own and the
    /// fixture watcher's echo of it), do not replace it.
    case recorded(String, keptThrough: Int)
    /// The control panel refused a change a key asked for; the rows still
    /// show what the panel holds.
    case refused(ControlError)
    /// A replay (`p`) of request `original` finished: the status the
    /// server answered with, or why there was none (nor a replay at all).
    case replayFinished(original: Int, Result<Int, ReplayError>)
}

/// Something the reducer wants done outside: the runtime performs it.
public enum Effect: Equatable, Sendable {
    /// A key's change of one endpoint's setting (`ControlPanel.set`).
    case set(endpoint: String, SettingChange)
    case reset(endpoint: String?)
    case applyToAll(from: String)
    case applyScenario(String)
    /// Load a request's details (answered with `.details`).
    case openDetails(sequence: Int)
    /// Show what an endpoint serves (answered with `.details`).
    case openEndpoint(id: String)
    /// Write these requests as a HAR file (answered with `.notice`).
    case exportHAR(sequences: [Int])
    /// Record into the fixtures (answered with `.recorded`, later).
    case record(RecordTarget)
    /// Write the request as a `curl` command to a file and the clipboard
    /// (answered with `.notice`).
    case copyAsCurl(sequence: Int)
    /// Send the request to the server again (answered with
    /// `.replayFinished`, later; its line is found among the requests).
    case replay(sequence: Int)
    case quit(interrupted: Bool)
}
