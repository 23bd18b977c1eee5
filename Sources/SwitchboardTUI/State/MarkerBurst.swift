public import SwitchboardCore

/// A burst of key presses on one endpoint's setting (`l` twelve times to
/// reach `very-bad-network`) is one marker in the log, the last, not a
/// line per press: only the setting reached was ever meant, and requests
/// answered in between would have split the burst anyway.
public enum MarkerBurst {
    /// How long after a key's marker another on the same topic replaces
    /// it, in seconds on the clock the changes carry (the panel's; a test's
    /// virtual one). Each press restarts the window.
    public static let window = 2.0

    /// `weather → latency`: what a change made by key set, with its value
    /// left out; `nil` for a change from anywhere else, which stays a line
    /// of its own. The summary is `ID → WHAT`, where a mode is one word
    /// (`error`) and other settings name themselves first (`latency 3g`,
    /// `toxics slicer`, `back to the manifest`).
    public static func topic(of change: PanelChange) -> String? {
        guard change.origin == .key, !change.summary.contains("; ") else { return nil }
        let parts = change.summary.split(separator: " → ", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let words = parts[1].split(separator: " ")
        return parts[0] + " → " + (words.count > 1 ? words[0] : "")
    }

    /// Whether `change` takes the place of the marker `line` (the log's
    /// last line) rather than following it.
    public static func replaces(_ line: LogLine, with change: PanelChange) -> Bool {
        guard line.marker != nil, let topic = line.markerTopic, topic == Self.topic(of: change) else { return false }
        return change.time >= line.time && change.time - line.time <= Self.window
    }
}
