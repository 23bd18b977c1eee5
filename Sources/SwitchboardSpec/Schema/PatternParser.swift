/// A pattern read into a tree for `PatternProgram` (what it reads is listed
/// there); `nil` for anything else.
indirect enum PatternNode: Equatable {
    case set(ScalarSet)
    case scalar(UInt32)
    case sequence([PatternNode])
    case alternatives([PatternNode])
    case repeated(PatternNode, min: Int, max: Int?)
    case lineStart, lineEnd
    case wordBoundary(Bool)
}

struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// Counted repetitions past this are not read (a typo, not a wish).
    static let maxCount = 10_000

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() -> PatternNode? {
        guard let tree = self.alternatives(), self.index == self.scalars.count else { return nil }
        return tree
    }

    private var current: Unicode.Scalar? { self.index < self.scalars.count ? self.scalars[self.index] : nil }

    private mutating func alternatives() -> PatternNode? {
        var branches: [PatternNode] = []
        repeat {
            if !branches.isEmpty { self.index += 1 }
            guard let branch = self.sequence() else { return nil }
            branches.append(branch)
        } while self.current == "|"
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    private mutating func sequence() -> PatternNode? {
        var items: [PatternNode] = []
        while let scalar = self.current, scalar != "|", scalar != ")" {
            guard let atom = self.atom(), let quantified = self.quantified(atom) else { return nil }
            items.append(quantified)
        }
        return .sequence(items)
    }

    private mutating func quantified(_ atom: PatternNode) -> PatternNode? {
        let bounds: (Int, Int?)
        switch self.current {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let counted = self.counted() else { return atom }  // a literal `{`, as ECMA-262 reads it
            guard counted.0 <= Self.maxCount, (counted.1 ?? 0) <= Self.maxCount else { return nil }
            bounds = counted
        default: return atom
        }
        self.index += 1  // past the quantifier (`counted` stops on its `}`)
        if self.current == "?" { self.index += 1 }  // lazy: the same for whether it matches
        switch atom {
        case .lineStart, .lineEnd, .wordBoundary: return nil
        default: return .repeated(atom, min: bounds.0, max: bounds.1)
        }
    }

    /// `{n}`, `{n,}`, `{n,m}` at the index, read up to its `}` (the caller
    /// steps over that); `nil`, the index unmoved, when it is not one.
    private mutating func counted() -> (Int, Int?)? {
        var look = self.index + 1
        func number() -> Int? {
            var digits = ""
            while look < self.scalars.count, let digit = Int(String(self.scalars[look])) {
                digits += String(digit)
                look += 1
            }
            // Past six digits it is read as more than `maxCount` all the same.
            return digits.isEmpty ? nil : Int(digits.prefix(6))
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if look < self.scalars.count, self.scalars[look] == "," {
            look += 1
            high = number()
        }
        guard look < self.scalars.count, self.scalars[look] == "}", (high ?? low) >= low else { return nil }
        self.index = look
        return (low, high)
    }

    private mutating func atom() -> PatternNode? {
        guard let scalar = self.current else { return nil }
        self.index += 1
        switch scalar {
        case "^": return .lineStart
        case "$": return .lineEnd
        case ".": return .set(.dot)
        case "[": return self.set()
        case "\\": return self.escape(inSet: false)
        case "(":
            if self.current == "?" {
                // Only `(?:`: lookarounds and named groups are not read.
                guard self.index + 1 < self.scalars.count, self.scalars[self.index + 1] == ":" else { return nil }
                self.index += 2
            }
            guard let inner = self.alternatives(), self.current == ")" else { return nil }
            self.index += 1
            return inner
        case "*", "+", "?", ")": return nil
        case "{":
            // A quantifier with nothing to repeat (`a{2}{3}`); else a literal.
            self.index -= 1
            defer { self.index += 1 }
            return self.counted() == nil ? .scalar(scalar.value) : nil
        default: return .scalar(scalar.value)
        }
    }

    /// `[…]` after its `[`.
    private mutating func set() -> PatternNode? {
        var negated = false
        if self.current == "^" {
            negated = true
            self.index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        // `[]` matches nothing and `[^]` anything, as ECMA-262 reads them.
        while let scalar = self.current, scalar != "]" {
            guard let low = self.setMember() else { return nil }
            guard case .scalar(let start) = low else {
                if case .set(let set) = low { ranges += set.ranges }
                continue
            }
            if self.current == "-", self.index + 1 < self.scalars.count, self.scalars[self.index + 1] != "]" {
                self.index += 1
                guard case .scalar(let end)? = self.setMember(), end >= start else { return nil }
                ranges.append(start...end)
            } else {
                ranges.append(start...start)
            }
        }
        guard self.current == "]" else { return nil }
        self.index += 1
        let set = ScalarSet(ranges: ranges)
        return .set(negated ? set.inverted : set)
    }

    private mutating func setMember() -> PatternNode? {
        guard let scalar = self.current else { return nil }
        self.index += 1
        return scalar == "\\" ? self.escape(inSet: true) : .scalar(scalar.value)
    }

    /// After a `\`.
    private mutating func escape(inSet: Bool) -> PatternNode? {
        guard let scalar = self.current else { return nil }
        self.index += 1
        switch scalar {
        case "d": return .set(.digit)
        case "D": return .set(ScalarSet.digit.inverted)
        case "w": return .set(.word)
        case "W": return .set(ScalarSet.word.inverted)
        case "s": return .set(.space)
        case "S": return .set(ScalarSet.space.inverted)
        case "b": return inSet ? .scalar(0x08) : .wordBoundary(true)
        case "B": return inSet ? nil : .wordBoundary(false)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "v": return .scalar(0x0B)
        case "f": return .scalar(0x0C)
        case "r": return .scalar(0x0D)
        case "0": return .scalar(0)
        case "x": return self.hex(digits: 2)
        case "u": return self.hex(digits: 4)
        default:
            // Escaped punctuation is itself; a letter or digit escape not
            // read above (a backreference, `\p{…}`, `\k<…>`) is not read.
            if scalar.properties.isAlphabetic || ("1"..."9").contains(scalar) { return nil }
            return .scalar(scalar.value)
        }
    }

    private mutating func hex(digits: Int) -> PatternNode? {
        guard self.index + digits <= self.scalars.count else { return nil }
        let text = String(String.UnicodeScalarView(self.scalars[self.index..<(self.index + digits)]))
        guard let value = UInt32(text, radix: 16) else { return nil }
        self.index += digits
        return .scalar(value)
    }
}

/// Emits `PatternProgram`'s instructions for a tree.
struct PatternCompiler {
    var program: [PatternProgram.Instruction] = []

    /// False once the program is past `PatternProgram.maxInstructions`.
    mutating func emit(_ node: PatternNode) -> Bool {
        guard self.program.count < PatternProgram.maxInstructions else { return false }
        switch node {
        case .scalar(let value): self.program.append(.scalar(value))
        case .set(let set): self.program.append(.set(set))
        case .lineStart: self.program.append(.lineStart)
        case .lineEnd: self.program.append(.lineEnd)
        case .wordBoundary(let wanted): self.program.append(.wordBoundary(wanted))
        case .sequence(let items):
            for item in items { guard self.emit(item) else { return false } }
        case .alternatives(let branches):
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                let split = self.program.count
                if number < branches.count - 1 { self.program.append(.split(split + 1, 0)) }
                guard self.emit(branch) else { return false }
                if number < branches.count - 1 {
                    jumps.append(self.program.count)
                    self.program.append(.jump(0))
                    self.program[split] = .split(split + 1, self.program.count)
                }
            }
            for jump in jumps { self.program[jump] = .jump(self.program.count) }
        case .repeated(let inner, let low, let high):
            for _ in 0..<low { guard self.emit(inner) else { return false } }
            if let high {
                // Each optional copy may be skipped to the end.
                var splits: [Int] = []
                for _ in low..<high {
                    splits.append(self.program.count)
                    self.program.append(.split(0, 0))
                    guard self.emit(inner) else { return false }
                }
                for split in splits { self.program[split] = .split(split + 1, self.program.count) }
            } else {
                let loop = self.program.count
                self.program.append(.split(0, 0))
                guard self.emit(inner) else { return false }
                self.program.append(.jump(loop))
                self.program[loop] = .split(loop + 1, self.program.count)
            }
        }
        return true
    }
}
