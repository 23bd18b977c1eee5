/// A string a regular expression matches, for the patterns descriptions
/// write: whatever `PatternParser` reads (the grammar is there, once, for
/// matching and for this), alternatives taking their first branch.
///
/// A pattern it does not read gives `nil`, and so may a string that does
/// not match after all (a `\b` between two letters): the caller checks the
/// string against the pattern and falls back to a plain word when it does
/// not match (the sample is then honest about not satisfying the pattern).
enum PatternSample {
    /// Past so many code points a pattern's string is not written: counts
    /// that multiply (`((a{100}){100}){100}`, a million) ask for more than
    /// the longest string a sample has (`SchemaSampler.longest`) anyway.
    static let longest = SchemaSampler.longest * 2

    /// A match of `pattern` at least `length` code points long where its
    /// quantifiers allow: the first quantifier written (the outermost)
    /// repeats until the string is that long, and those inside it do not
    /// repeat for it again. Writing spends the `checker`'s steps, one for
    /// each `SchemaSampler.charactersPerStep` parts of the pattern written;
    /// `nil` past `longest` code points or when the steps run out.
    static func string(matching pattern: String, length: Int, draw: SampleDraw, checker: SchemaChecker) -> String? {
        var parser = PatternParser(Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var writer = Writer(length: length, draw: draw, checker: checker)
        writer.write(tree)
        writer.settle()
        return writer.failed ? nil : writer.out
    }

    private struct Writer {
        let length: Int
        let draw: SampleDraw
        let checker: SchemaChecker
        var drawn: UInt64 = 0
        var out = ""
        /// Code points in `out` (counting them there is a walk of it).
        var written = 0
        /// Parts of the pattern written, and those not yet spent as a step.
        var visits = 0
        var unspent = 0
        var failed = false

        init(length: Int, draw: SampleDraw, checker: SchemaChecker) {
            self.length = length
            self.draw = draw
            self.checker = checker
        }

        private mutating func next() -> UInt64 {
            self.drawn += 1
            return self.draw.number(1000 + self.drawn)
        }

        /// The steps of what was written since the last spending.
        mutating func settle() {
            self.checker.spend(self.unspent / SchemaSampler.charactersPerStep)
            self.unspent %= SchemaSampler.charactersPerStep
        }

        private mutating func append(_ scalar: Unicode.Scalar) {
            self.out.unicodeScalars.append(scalar)
            self.written += 1
        }

        mutating func write(_ node: PatternNode) {
            guard !self.failed else { return }
            self.visits += 1
            self.unspent += 1
            if self.unspent >= 1024 {
                self.settle()
                // Empty groups repeated (`((?:){10000}){10000}`) write
                // nothing for ever: parts are counted as characters are.
                if self.checker.exhausted || self.written > PatternSample.longest
                    || self.visits > PatternSample.longest * SchemaSampler.charactersPerStep
                {
                    self.failed = true
                }
            }
            switch node {
            case .scalar(let value): if let scalar = Unicode.Scalar(value) { self.append(scalar) }
            case .set(let set):
                let choices = Self.choices(in: set)
                guard !choices.isEmpty else { return }
                self.append(choices[Int(self.next() % UInt64(choices.count))])
            case .sequence(let items): for item in items { self.write(item) }
            case .alternatives(let branches): if let first = branches.first { self.write(first) }
            case .repeated(let inner, let low, let high):
                // Its least count and up to two more, drawn; then more
                // while the string is short of its length (a repetition
                // that adds nothing ends that).
                let room = high.map { $0 - low } ?? 1
                let drawn = low + (room > 0 ? Int(self.next() % UInt64(min(room, 2) + 1)) : 0)
                var count = 0
                while count < drawn && !self.failed {
                    self.write(inner)
                    count += 1
                }
                while count < (high ?? Int.max) && self.written < self.length && !self.failed {
                    let before = self.written
                    self.write(inner)
                    count += 1
                    if self.written == before { break }
                }
            case .lineStart, .lineEnd, .wordBoundary: break
            }
        }

        /// What a set's character is drawn from: the friendliest kind it
        /// has (lower-case letters, digits, capitals, other printable
        /// ASCII), else its first member.
        static func choices(in set: ScalarSet) -> [Unicode.Scalar] {
            for kind in Self.kinds {
                let members = kind.filter { set.contains($0.value) }
                if !members.isEmpty { return members }
            }
            for range in set.ranges {
                if let first = range.lazy.compactMap(Unicode.Scalar.init).first { return [first] }
            }
            return []
        }

        static let kinds: [[Unicode.Scalar]] = [
            Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars), Array("0123456789".unicodeScalars),
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars), Array(" _-".unicodeScalars),
            (0x21...0x7E).compactMap(Unicode.Scalar.init),
        ]
    }
}
