/// A string a regular expression matches, for the patterns descriptions
/// write: whatever `PatternParser` reads (the grammar is there, once, for
/// matching and for this), alternatives taking their first branch.
///
/// A pattern it does not read gives `nil`, and so may a string that does
/// not match after all (a `\b` between two letters): the caller checks the
/// string against the pattern and falls back to a plain word when it does
/// not match (the sample is then honest about not satisfying the pattern).
enum PatternSample {
    /// A match of `pattern`, its open-ended quantifiers repeated `extra`
    /// more times (to reach a minimum length).
    static func string(matching pattern: String, extra: Int, draw: SampleDraw) -> String? {
        var parser = PatternParser(Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var writer = Writer(extra: extra, draw: draw)
        writer.write(tree)
        return writer.out
    }

    private struct Writer {
        let extra: Int
        let draw: SampleDraw
        var drawn: UInt64 = 0
        var out = ""

        init(extra: Int, draw: SampleDraw) {
            self.extra = extra
            self.draw = draw
        }

        private mutating func next() -> UInt64 {
            self.drawn += 1
            return self.draw.number(1000 + self.drawn)
        }

        mutating func write(_ node: PatternNode) {
            switch node {
            case .scalar(let value): if let scalar = Unicode.Scalar(value) { self.out.unicodeScalars.append(scalar) }
            case .set(let set):
                let choices = Self.choices(in: set)
                guard !choices.isEmpty else { return }
                self.out.unicodeScalars.append(choices[Int(self.next() % UInt64(choices.count))])
            case .sequence(let items): for item in items { self.write(item) }
            case .alternatives(let branches): if let first = branches.first { self.write(first) }
            case .repeated(let inner, let low, let high):
                let least = high.map { min(low + self.extra, $0) } ?? low + self.extra
                let most = high ?? least + 1
                let count = least + (most > least ? Int(self.next() % UInt64(min(most - least, 2) + 1)) : 0)
                for _ in 0..<count { self.write(inner) }
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
