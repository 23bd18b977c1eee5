import Foundation
import Yams

/// A scalar as Yams' constructors read it: its text, its tag's name (a
/// `Bool` is not read from a `!!str`) and its style (a quoted `'null'` or
/// `"1"` is a string). Yams' `Node.Scalar` holds a `Tag`, a class that
/// resolves itself when first asked, so it cannot be read from two
/// threads; this is made into one only for the constructor reading it.
struct SpecScalar: Sendable {
    let string: String
    let tag: Tag.Name
    /// `Node.Scalar.Style`'s raw value.
    let style: UInt32
    /// Whether Yams reads it as null: asked of every optional field, so
    /// read once, when the tree is made.
    let isNull: Bool

    init(_ scalar: Node.Scalar) {
        self.string = scalar.string
        self.tag = Tag.Name(rawValue: scalar.tag.description)
        self.style = scalar.style.rawValue
        self.isNull = NSNull.construct(from: scalar) != nil
    }

    init(_ string: String, tag: Tag.Name, style: Node.Scalar.Style) {
        self.string = string
        self.tag = tag
        self.style = style.rawValue
        // Only a plain scalar can be null (a quoted `'null'` is a string):
        // the others need no scalar made to ask.
        self.isNull = style == .plain && NSNull.construct(from: Node.Scalar(string, Self.tag(tag), style)) != nil
    }

    /// Yams' scalar, with the same text, tag name and style.
    var node: Node.Scalar {
        Node.Scalar(self.string, Self.tag(self.tag), Node.Scalar.Style(rawValue: self.style) ?? .any)
    }

    /// A tag of this name. Yams' `Constructor.default` makes a new
    /// constructor, three dictionaries, each time it is asked for: one
    /// shared constructor, for the tags of every scalar made here.
    private static func tag(_ name: Tag.Name) -> Tag {
        Tag(name, .basic, Self.constructor)
    }

    // Unchecked, and safe: a `Constructor` is a final class whose three maps
    // are `let`s, set when it is made and only read after; nothing here
    // replaces them.
    nonisolated(unsafe) private static let constructor = Constructor.default
}
