/// What a key asks for, independent of which key it was.
public enum Command: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, moveToTop, moveToBottom
    case cycleMode
    /// `1`…`9`: the n-th mode of `Mode.cycle` (from 1).
    case pickMode(Int)
    case nextLatency, previousLatency
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
    case startFilter
    case exportHAR
    /// Enter in a picker.
    case choose
}
