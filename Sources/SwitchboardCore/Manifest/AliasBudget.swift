package import Yams

/// Refuses a manifest whose YAML aliases expand to more than it could
/// reasonably need ("billion laughs": ten nested levels of ten aliases is
/// 10^10 values from a 700-byte file).
///
/// Yams composes an alias as the anchored node itself, shared, so composing
/// is cheap; the blow-up comes in every walk that follows (the reader, the
/// inline-JSON writer). This walk runs first and stops as soon as what is
/// reached through aliases passes either budget: the values, at most the
/// larger of 100,000 and the manifest's size in bytes; and the text of their
/// scalars, at most the larger of 10 MB and the manifest's size (one 100 KB
/// string aliased 20,000 times is only 20,000 values, but 2 GB of text).
/// Values written out in the file never count, so a large manifest without
/// aliases is never refused.
///
/// Yams keeps no trace of where an alias was written, but a walk in document
/// order meets every written node at a later position than the one before;
/// a node whose position is earlier than one already walked was reached
/// through an alias.
package struct AliasBudget {
    static let minimumBudget = 100_000
    static let minimumByteBudget = 10 * 1024 * 1024

    let budget: Int
    let byteBudget: Int
    private(set) var expanded = 0
    /// The bytes of the scalars reached through aliases.
    private(set) var expandedBytes = 0
    /// The furthest position walked outside any alias.
    private var furthest = Position(line: 0, column: 0)
    private let text: String
    /// The text's lines, split when the first alias is met: a document
    /// without aliases (any JSON one) never needs them, and splitting a
    /// 5 MB description cost a tenth of reading it.
    private var lines: [Substring]?

    init(text: String) {
        self.budget = max(Self.minimumBudget, text.utf8.count)
        self.byteBudget = max(Self.minimumByteBudget, text.utf8.count)
        self.text = text
    }

    struct Position: Comparable {
        var line: Int
        var column: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    /// The diagnostic when `root` expands beyond the budget, else nil.
    package static func check(_ root: Node?, text: String, file: String) -> Diagnostic? {
        // No `&`, no anchor, so no alias: nothing to walk (a walk of a 4 MB
        // description was a twentieth of reading it).
        guard let root, text.utf8.contains(UInt8(ascii: "&")) else { return nil }
        var walk = AliasBudget(text: text)
        guard let alias = walk.exceeds(root, insideAlias: false) else { return nil }
        let limit =
            walk.expanded > walk.budget
            ? "\(walk.budget.grouped) values" : "\(ByteSize.format(walk.byteBudget)) of text"
        return Diagnostic(
            file: file, line: alias.line, column: alias.column,
            message: "the YAML aliases here expand to more than \(limit)",
            fix: "write the value out, or nest fewer aliases (*name) inside anchors (&name)")
    }

    /// Walks `node`, returning the position of the alias that passed the
    /// budget (the outermost one, the one a user wrote in place) if any.
    private mutating func exceeds(_ node: Node, insideAlias: Bool) -> Position? {
        var inside = insideAlias
        var aliasAt: Position?
        if let mark = node.mark {
            let position = Position(line: mark.line, column: mark.column)
            if !inside && position < self.furthest {
                inside = true
                aliasAt = self.aliasToken(after: self.furthest)
                // The next alias is written after this one.
                if let aliasAt { self.furthest = Position(line: aliasAt.line, column: aliasAt.column + 1) }
            } else if !inside {
                self.furthest = position
            }
        }
        if inside {
            self.expanded += 1
            // A scalar's bytes are counted, not copied: native strings
            // know their UTF-8 length.
            if case .scalar(let scalar) = node { self.expandedBytes += scalar.string.utf8.count }
            if self.expanded > self.budget || self.expandedBytes > self.byteBudget {
                return aliasAt ?? self.furthest
            }
        }
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if let blown = self.exceeds(key, insideAlias: inside) { return aliasAt ?? blown }
                if let blown = self.exceeds(value, insideAlias: inside) { return aliasAt ?? blown }
            }
        case .sequence(let sequence):
            for item in sequence {
                if let blown = self.exceeds(item, insideAlias: inside) { return aliasAt ?? blown }
            }
        case .scalar(let scalar) where !inside && scalar.style == .plain:
            // Skip the scalar's own text, so a `*` inside it is not taken
            // for the next alias.
            self.furthest.column += scalar.string.unicodeScalars.count
        case .scalar, .alias:
            break
        }
        return nil
    }

    /// Where the first `*name` after `position` is written: an alias starts
    /// a token, after a space, an indicator or the start of a line.
    private mutating func aliasToken(after position: Position) -> Position? {
        let lines = self.lines ?? self.text.split(separator: "\n", omittingEmptySubsequences: false)
        self.lines = lines
        var lineNumber = max(position.line, 1)
        var column = max(position.column, 1)
        while lineNumber <= lines.count {
            let scalars = Array(lines[lineNumber - 1].unicodeScalars)
            var index = column - 1
            while index < scalars.count {
                let previous = index == 0 ? " " : scalars[index - 1]
                if scalars[index] == "*", " \t[{,:-".unicodeScalars.contains(previous), index + 1 < scalars.count,
                    scalars[index + 1] != " "
                {
                    return Position(line: lineNumber, column: index + 1)
                }
                if scalars[index] == "#" && (previous == " " || index == 0) { break }
                index += 1
            }
            lineNumber += 1
            column = 1
        }
        return nil
    }
}

extension Int {
    /// `100,000`: budgets read better with separators.
    var grouped: String {
        let digits = Array(String(self.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (self < 0 ? "-" : "") + text
    }
}
