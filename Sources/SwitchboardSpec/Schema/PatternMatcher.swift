import Foundation

/// A schema's `pattern` as it is held to values: by `PatternProgram`
/// (linear time) when it reads the pattern; else, for the lookarounds and
/// backreferences only a backtracking engine has, by NSRegularExpression,
/// but only when no quantified group holds an unbounded quantifier (the
/// shape that takes exponential time, `(a+)+`) and only for values up to
/// `backtrackingLimit` characters, and only while the engine's progress
/// reports stay within `progressLimit` (the guard on nesting misses shapes
/// that backtrack as badly: `(a|a)+`, `(a|aa)+`, `a*a*a*a*`). Anything else
/// is not checked.
enum PatternMatcher {
    case program(PatternProgram)
    case backtracking(NSRegularExpression)
    case unchecked

    /// Values longer than this are not held to a pattern only a
    /// backtracking engine reads: its time grows as a power of the length.
    static let backtrackingLimit = 1000

    init(_ pattern: String) {
        if let program = PatternProgram(pattern) {
            self = .program(program)
        } else if !Self.nestsUnboundedQuantifiers(pattern),
            let expression = try? NSRegularExpression(pattern: pattern)
        {
            self = .backtracking(expression)
        } else {
            self = .unchecked
        }
    }

    /// Progress reports the backtracking engine may make in one check (all
    /// its values together): ICU reports after a fixed number of its steps,
    /// some 0.35 ms of them, so a check spends at most some 70 ms there
    /// whatever the pattern, and a count of steps, not a clock, says when.
    static let progressLimit = 200

    /// Whether the pattern matches somewhere in `text`; `nil` when it is
    /// not checked.
    func matches(_ text: String) -> Bool? {
        var progress = 0
        var steps = 0
        return self.matches(text, progress: &progress, steps: &steps, limit: .max)
    }

    /// `progress`: the backtracking engine's reports so far in this check;
    /// past `progressLimit` a value is not checked. `steps`: the linear
    /// matcher's so far (`PatternProgram.matches(_:steps:limit:)`); past
    /// `limit` a value is not checked.
    func matches(_ text: String, progress: inout Int, steps: inout Int, limit: Int) -> Bool? {
        switch self {
        case .program(let program): return program.matches(text, steps: &steps, limit: limit)
        case .backtracking(let expression):
            guard text.unicodeScalars.count <= Self.backtrackingLimit, progress <= Self.progressLimit else {
                return nil
            }
            var found: Bool? = false
            var reports = progress
            expression.enumerateMatches(
                in: text, options: .reportProgress, range: NSRange(text.startIndex..., in: text)
            ) { result, flags, stop in
                if result != nil {
                    found = true
                    stop.pointee = true
                } else if flags.contains(.progress) {
                    reports += 1
                    if reports > Self.progressLimit {
                        found = nil
                        stop.pointee = true
                    }
                }
            }
            progress = reports
            return found
        case .unchecked: return nil
        }
    }

    /// A group that holds an unbounded quantifier (`*`, `+`, `{n,}`) and is
    /// itself repeated without bound: `(a+)+`, `(\w+\s?)*`.
    static func nestsUnboundedQuantifiers(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        var groups: [Bool] = []
        var closedGroupHolds = false
        var index = 0
        func unboundedQuantifierAt(_ at: Int) -> Bool {
            guard at < scalars.count else { return false }
            if scalars[at] == "*" || scalars[at] == "+" { return true }
            guard scalars[at] == "{" else { return false }
            var look = at + 1
            while look < scalars.count, ("0"..."9").contains(scalars[look]) { look += 1 }
            return look + 1 < scalars.count && scalars[look] == "," && scalars[look + 1] == "}"
        }
        while index < scalars.count {
            let scalar = scalars[index]
            var justClosed = false
            switch scalar {
            case "\\": index += 1
            case "[":
                index += 1
                while index < scalars.count, scalars[index] != "]" {
                    if scalars[index] == "\\" { index += 1 }
                    index += 1
                }
            case "(": groups.append(false)
            case ")":
                closedGroupHolds = groups.popLast() ?? false
                if closedGroupHolds, !groups.isEmpty { groups[groups.count - 1] = true }
                justClosed = true
            default: break
            }
            index += 1
            if unboundedQuantifierAt(index) {
                if justClosed && closedGroupHolds { return true }
                if !groups.isEmpty { groups[groups.count - 1] = true }
            }
        }
        return false
    }
}
