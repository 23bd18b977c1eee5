@_exported public import struct SwitchboardControl.CountRule
@_exported public import enum SwitchboardControl.LatencyChoice
// `Mode` and `LatencyChoice` are the control contract's words, so they live
// with it (a URLSession-only client names them without linking the core).
// Re-exported, only these (and `CountRule`, which a `Mode` may hold), so that everything built on the core keeps
// using them as its own.
@_exported public import enum SwitchboardControl.Mode
