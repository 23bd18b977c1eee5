@_exported public import struct SwitchboardControl.CountRule
@_exported public import enum SwitchboardControl.DecimalText
@_exported public import struct SwitchboardControl.DurationProblem
@_exported public import enum SwitchboardControl.DurationText
// `Mode`, `LatencyChoice`, the count rules a `Mode` may hold, the rate
// limit types and the scenario label are the control contract's words, so
// they live with it (a URLSession-only client names them without linking
// the core).
// Re-exported, only these, so that everything built on the core keeps
// using them as its own.
@_exported public import enum SwitchboardControl.Fault
@_exported public import enum SwitchboardControl.LatencyChoice
@_exported public import enum SwitchboardControl.Mode
@_exported public import struct SwitchboardControl.RateLimit
@_exported public import enum SwitchboardControl.RateLimitChoice
@_exported public import enum SwitchboardControl.RateLimitKeyChoice
@_exported public import struct SwitchboardControl.ScenarioLabel
@_exported public import struct SwitchboardControl.ToxicProblem
@_exported public import struct SwitchboardControl.Toxics
