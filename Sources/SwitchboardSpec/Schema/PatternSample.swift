/// A string a regular expression matches, for the patterns descriptions
/// write: literals and escapes (`\d`, `\w`, `\s`, `\.`, `\u00e9`),
/// classes (`[a-zA-Z0-9_-]`, `[^\s]`, `[\s\S]`), `.`, groups with
/// alternatives (the first is taken), the quantifiers `?`, `*`, `+`,
/// `{n}`, `{n,}`, `{n,m}` (lazy ones too) and the anchors `^`/`$`.
///
/// Anything else — lookarounds, backreferences — gives `nil`, and so
/// may a pattern this reads wrongly: the caller checks the string against
/// the pattern itself and falls back to a plain word when it does not
/// match (the sample is then honest about not satisfying the pattern).
enum PatternSample {
    /// A match of `pattern`, its open-ended quantifiers repeated `extra`
    /// more times (to reach a minimum length).
    static func string(matching pattern: String, extra: Int, draw: SampleDraw) -> String? {
        var parser = Parser(scalars: Array(pattern.unicodeScalars), extra: extra, draw: draw)
        guard let node = parser.alternatives(), parser.index == parser.scalars.count else { return nil }
        return node
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let extra: Int
        let draw: SampleDraw
        var index = 0
        var drawn: UInt64 = 0

        init(scalars: [Unicode.Scalar], extra: Int, draw: SampleDraw) {
            self.scalars = scalars
            self.extra = extra
            self.draw = draw
        }

        private var current: Unicode.Scalar? { self.index < self.scalars.count ? self.scalars[self.index] : nil }

        private mutating func next() -> UInt64 {
            self.drawn += 1
            return self.draw.number(1000 + self.drawn)
        }

        /// `a|b|c`: the first alternative's string (the others are read
        /// and dropped).
        mutating func alternatives() -> String? {
            guard let first = self.sequence() else { return nil }
            while self.current == "|" {
                self.index += 1
                guard self.sequence() != nil else { return nil }
            }
            return first
        }

        private mutating func sequence() -> String? {
            var out = ""
            while let scalar = self.current, scalar != "|", scalar != ")" {
                guard let atom = self.atom() else { return nil }
                // Past 10,000 repetitions a pattern is not sampled (a typo, not a wish).
                guard let (low, high) = self.quantifier(), low <= 10_000 else { return nil }
                let count = low + (high > low ? Int(self.next() % UInt64(min(high - low, 2) + 1)) : 0)
                for repeat_ in 0..<count {
                    out += repeat_ == 0 ? atom.first : atom.again(&self)
                }
            }
            return out
        }

        /// An atom's first string, and how to draw it again when repeated
        /// (a class gives a fresh character each time).
        private struct Atom {
            var first: String
            var choices: [Unicode.Scalar]?
            func again(_ parser: inout Parser) -> String {
                guard let choices, !choices.isEmpty else { return self.first }
                return String(Character(choices[Int(parser.next() % UInt64(choices.count))]))
            }
        }

        private mutating func atom() -> Atom? {
            guard let scalar = self.current else { return nil }
            self.index += 1
            switch scalar {
            case "^", "$":
                return Atom(first: "")
            case "(":
                if self.current == "?" {
                    // Only a non-capturing group; lookarounds are not read.
                    guard self.index + 1 < self.scalars.count, self.scalars[self.index + 1] == ":" else { return nil }
                    self.index += 2
                }
                guard let inner = self.alternatives(), self.current == ")" else { return nil }
                self.index += 1
                return Atom(first: inner)
            case "[":
                guard let choices = self.characterClass(), !choices.isEmpty else { return nil }
                return self.pick(choices)
            case ".":
                return self.pick(Self.letters)
            case "\\":
                guard let choices = self.escape() else { return nil }
                return self.pick(choices)
            case "*", "+", "?", "{", ")", "|":
                return nil
            default:
                return Atom(first: String(Character(scalar)))
            }
        }

        private mutating func pick(_ choices: [Unicode.Scalar]) -> Atom {
            let first = choices[Int(self.next() % UInt64(choices.count))]
            return Atom(first: String(Character(first)), choices: choices.count > 1 ? choices : nil)
        }

        /// `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (and a lazy `?` after
        /// each) as the least and most repetitions taken; (1, 1) for none.
        private mutating func quantifier() -> (Int, Int)? {
            var bounds: (Int, Int)
            switch self.current {
            case "?": bounds = (0, 1)
            case "*": bounds = (self.extra, self.extra + 1)
            case "+": bounds = (1 + self.extra, 2 + self.extra)
            case "{":
                guard let close = self.scalars[self.index...].firstIndex(of: "}") else { return nil }
                let inside = String(String.UnicodeScalarView(self.scalars[(self.index + 1)..<close]))
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(parts[0]) else { return nil }
                switch parts.count {
                case 1: bounds = (low, low)
                case 2 where parts[1].isEmpty: bounds = (low + self.extra, low + self.extra + 1)
                case 2:
                    guard let high = Int(parts[1]), high >= low else { return nil }
                    bounds = (min(low + self.extra, high), high)
                default: return nil
                }
                self.index = close
            default:
                return (1, 1)
            }
            self.index += 1
            if self.current == "?" { self.index += 1 }
            return bounds
        }

        /// The characters a `[...]` stands for (the reader is past `[`).
        private mutating func characterClass() -> [Unicode.Scalar]? {
            var negated = false
            if self.current == "^" {
                negated = true
                self.index += 1
            }
            var members: [Unicode.Scalar] = []
            var first = true
            while let scalar = self.current, scalar != "]" || first {
                first = false
                self.index += 1
                var set: [Unicode.Scalar]
                if scalar == "\\" {
                    guard let escaped = self.escape() else { return nil }
                    set = escaped
                } else {
                    set = [scalar]
                }
                // A range `a-z` (a `-` first or last is itself).
                if set.count == 1, self.current == "-", self.index + 1 < self.scalars.count,
                    self.scalars[self.index + 1] != "]"
                {
                    self.index += 1
                    guard var upper = self.current else { return nil }
                    self.index += 1
                    if upper == "\\" {
                        guard let escaped = self.escape(), escaped.count == 1 else { return nil }
                        upper = escaped[0]
                    }
                    guard set[0].value <= upper.value else { return nil }
                    let high = min(upper.value, set[0].value + 127)
                    set = (set[0].value...high).compactMap(Unicode.Scalar.init)
                }
                members += set
            }
            guard self.current == "]" else { return nil }
            self.index += 1
            if negated {
                let excluded = Set(members)
                return Self.printable.filter { !excluded.contains($0) }
            }
            return members
        }

        /// The characters an escape stands for (the reader is past `\`).
        private mutating func escape() -> [Unicode.Scalar]? {
            guard let scalar = self.current else { return nil }
            self.index += 1
            switch scalar {
            case "d": return Self.digits
            case "w": return Self.letters + Self.digits + ["_"]
            case "s": return [" "]
            case "D", "W": return Self.letters
            case "S": return Self.letters + Self.digits
            case "n": return ["\n"]
            case "t": return ["\t"]
            case "r": return ["\r"]
            case "u", "x":
                let width = scalar == "u" ? 4 : 2
                guard self.index + width <= self.scalars.count,
                    let value = UInt32(
                        String(String.UnicodeScalarView(self.scalars[self.index..<(self.index + width)])), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                self.index += width
                return [decoded]
            case "b", "B", "1", "2", "3", "4", "5", "6", "7", "8", "9", "k", "p", "P":
                // Boundaries, backreferences and Unicode classes: not read.
                return nil
            default:
                return [scalar]
            }
        }

        static let letters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        static let digits: [Unicode.Scalar] = Array("0123456789".unicodeScalars)
        static let printable: [Unicode.Scalar] = (0x21...0x7E).compactMap(Unicode.Scalar.init)
    }
}
