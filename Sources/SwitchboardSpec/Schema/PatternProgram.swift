/// A schema's `pattern` compiled for a matcher whose time grows with the
/// text times the pattern, never exponentially: `--validate` and drift hold
/// values from the network to descriptions' patterns, and a backtracking
/// engine (NSRegularExpression, ICU) takes seconds on 24 characters against
/// `^(a+)+$`, blocking the event loop for every other client. This is
/// Thompson's construction run as a Pike VM (as RE2 and Go do), keeping
/// only whether the pattern matches somewhere in the text, as JSON Schema's
/// `pattern` asks (ECMA-262, unanchored).
///
/// Reads what descriptions write: literals and escapes (`\d \w \s`, their
/// negations, `\t \n \r \f \v \0`, `\xHH`, `\uHHHH`, escaped punctuation),
/// classes with ranges and negation, `.`, groups (capturing or `(?:`),
/// alternatives, the quantifiers `? * + {n} {n,} {n,m}` (lazy or not: only
/// whether it matches counts), `^`, `$` and `\b \B`. Lookarounds,
/// backreferences, named groups and Unicode property escapes are not read
/// (`init` fails), nor is a pattern whose counted repetitions would make a
/// program past `maxInstructions`.
struct PatternProgram: Sendable {
    enum Instruction: Sendable, Equatable {
        case scalar(UInt32)
        case set(ScalarSet)
        case split(Int, Int)
        case jump(Int)
        case lineStart, lineEnd
        case wordBoundary(Bool)
        case match
    }

    let instructions: [Instruction]

    /// Past this a pattern is not compiled (`a{1000}{1000}`).
    static let maxInstructions = 50_000

    init?(_ pattern: String) {
        var parser = PatternParser(Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var compiler = PatternCompiler()
        guard compiler.emit(tree), compiler.program.count < Self.maxInstructions else { return nil }
        compiler.program.append(.match)
        self.instructions = compiler.program
    }

    /// Whether the pattern matches anywhere in `text`, however long it takes.
    func matches(_ text: String) -> Bool {
        var steps = 0
        return self.matches(text, steps: &steps, limit: .max) ?? false
    }

    /// Whether the pattern matches anywhere in `text`; `nil` when that
    /// takes more than `limit` steps. A step is a thread met: one
    /// instruction at one position, so a run costs up to the text's length
    /// times the program's (`^(?:a{0,100}){0,200}b$` is some 40,000
    /// instructions, all alive on a run of `a`s: 20 KB of them would be
    /// 8×10⁸ steps, 13 s). Making the thread lists costs the program's
    /// length once. `steps` counts on from what it holds.
    func matches(_ text: String, steps: inout Int, limit: Int) -> Bool? {
        steps += self.instructions.count
        guard steps <= limit else { return nil }
        let scalars = Array(text.unicodeScalars).map(\.value)
        var current = ThreadList(size: self.instructions.count)
        var next = ThreadList(size: self.instructions.count)
        // One stack for every `add`: one made per call is an allocation per thread.
        var stack: [Int] = []
        for position in 0...scalars.count {
            // A fresh start at every position: the search is unanchored.
            switch self.add(0, at: position, in: scalars, to: &current, stack: &stack, steps: &steps, limit: limit) {
            case true?: return true
            case nil: return nil
            case false?: break
            }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            next.clear()
            for pc in current.pcs {
                let taken: Bool
                switch self.instructions[pc] {
                case .scalar(let wanted): taken = scalar == wanted
                case .set(let set): taken = set.contains(scalar)
                default: taken = false
                }
                guard taken else { continue }
                switch self.add(
                    pc + 1, at: position + 1, in: scalars, to: &next, stack: &stack, steps: &steps, limit: limit)
                {
                case true?: return true
                case nil: return nil
                case false?: break
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `pc` and every one reached from it without
    /// reading a character; true when one of them matches, `nil` when the
    /// steps run past `limit`.
    private func add(
        _ pc: Int, at position: Int, in text: [UInt32], to list: inout ThreadList, stack: inout [Int],
        steps: inout Int, limit: Int
    ) -> Bool? {
        stack.removeAll(keepingCapacity: true)
        stack.append(pc)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            steps += 1
            guard steps <= limit else { return nil }
            switch self.instructions[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .lineStart: if position == 0 { stack.append(pc + 1) }
            case .lineEnd: if position == text.count { stack.append(pc + 1) }
            case .wordBoundary(let wanted):
                let before = position > 0 && ScalarSet.word.contains(text[position - 1])
                let after = position < text.count && ScalarSet.word.contains(text[position])
                if (before != after) == wanted { stack.append(pc + 1) }
            case .scalar, .set: list.waiting(pc)
            }
        }
        return false
    }

    /// The threads at one position: each instruction once, in a sparse set
    /// cleared in constant time.
    private struct ThreadList {
        private var seen: [Bool]
        private(set) var pcs: [Int] = []
        private var visited: [Int] = []

        init(size: Int) { self.seen = Array(repeating: false, count: size) }

        mutating func insert(_ pc: Int) -> Bool {
            guard !self.seen[pc] else { return false }
            self.seen[pc] = true
            self.visited.append(pc)
            return true
        }

        /// A thread that waits for the next character.
        mutating func waiting(_ pc: Int) { self.pcs.append(pc) }

        mutating func clear() {
            for pc in self.visited { self.seen[pc] = false }
            self.visited.removeAll(keepingCapacity: true)
            self.pcs.removeAll(keepingCapacity: true)
        }
    }
}

/// Unicode scalars as sorted ranges, with a complement.
struct ScalarSet: Sendable, Equatable {
    var ranges: [ClosedRange<UInt32>]

    func contains(_ scalar: UInt32) -> Bool {
        self.ranges.contains { $0.contains(scalar) }
    }

    var inverted: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var start: UInt32 = 0
        for range in self.ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > start { result.append(start...(range.lowerBound - 1)) }
            start = max(start, range.upperBound &+ 1)
        }
        if start <= 0x10FFFF { result.append(start...0x10FFFF) }
        return ScalarSet(ranges: result)
    }

    static let digit = ScalarSet(ranges: [0x30...0x39])
    static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// ECMA-262's white space and line terminators.
    static let space = ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// `.`: anything but a line terminator.
    static let dot = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted
}
