/// A value's fields kept in one shared box: a copy of the value is one
/// retain, not a copy and a retain per field, and the first change to a
/// copy that shares its box copies the box. `JournalEntry` (handed to the
/// journal's ring, its feeds and their readers) and the server's
/// `PreparedResponse` (handed from the decision to the connection, the
/// writer and the journal, and remembered for every request of an
/// endpoint) keep their fields this way.
///
/// Inlinable, so each user gets it specialised for its fields: generic
/// code across the module boundary would look its metadata up per access
/// on the request path.
public struct CopyOnWrite<Fields: Sendable>: Sendable {
    /// Changed only through `fields`' `_modify`, that is while no other
    /// value refers to it: as with an array's buffer, no thread but the
    /// owner's can see it then, which is why it is `Sendable` and why its
    /// accesses need no run-time exclusivity check (the owning value's own
    /// access is checked).
    @usableFromInline final class Box: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var fields: Fields

        @inlinable init(_ fields: Fields) {
            self.fields = fields
        }
    }

    @usableFromInline var box: Box

    @inlinable public init(_ fields: Fields) {
        self.box = Box(fields)
    }

    /// Whether both share one box, and so, since a shared box is never
    /// changed in place, hold the same fields: a test of identity that
    /// stays true only while both values are kept.
    @inlinable public func isIdentical(to other: Self) -> Bool {
        self.box === other.box
    }

    @inlinable public var fields: Fields {
        _read { yield self.box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&self.box) { self.box = Box(self.box.fields) }
            yield &self.box.fields
        }
    }
}
