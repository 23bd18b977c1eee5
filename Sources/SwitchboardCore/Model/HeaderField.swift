/// One response header as the manifest spells it; order is kept.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether a header can be sent as written: a token for a name, a value
    /// on one line (the manifest's rule, `ManifestReader.isValidHeader`).
    public static func canBeSent(name: String, value: String) -> Bool {
        ManifestReader.isValidHeader(name: name, value: value)
    }
}
