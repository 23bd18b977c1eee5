/// What a key asks for, independent of which key it was.
public enum Command: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, moveToTop, moveToBottom
    case cycleMode
    /// `1`…`9` and `0`: the mode of that number in `ModeKeys.digits` (the key
    /// pressed says which).
    case pickMode
    /// `n`: the next count rule among `ModeKeys.countRules`.
    case pickCountRule
    case nextLatency, previousLatency
    /// none → slicer → slow_close → limit_data:1024 → none.
    case nextToxic
    case applyToAll
    case resetSelected, resetAll
    case switchFocus
    case toggleFollow
    case clearLog
    case toggleHelp
    case closeOverlay
    case quit
    case interrupt
    case openScenarios
    case openDetails
    /// `enter` on an endpoint: what it serves, without changing it.
    case openEndpoint
    /// `v` in the details view: credentials as sent, or masked again.
    case toggleSecrets
    case startFilter
    /// `/` in the endpoint list: find a row by id, method or path.
    case startSearch
    case exportHAR
    /// `w`: the selected endpoint's last live answer, or the selected
    /// request's endpoint (a stub when nothing answered it).
    case recordSelected
    /// `W`: every endpoint seen live.
    case recordAll
    /// Enter in a picker.
    case choose
    /// `x`: the selected request as a `curl` command, to a file and the clipboard.
    case copyAsCurl
    /// `p`: the selected request sent to the server again.
    case replay
    /// `m`: mark or unmark the selected request.
    case toggleMark
    /// `n` / `N`: the next / previous marked request.
    case nextMark, previousMark
}
