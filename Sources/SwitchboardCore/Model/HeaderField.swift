/// One response header as the manifest spells it; order is kept.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String
    /// Whether the value is a template whose names (`{uuid}`,
    /// `{header.X}`: `RequestValue`) are filled for each answer, as a
    /// manifest's are; a header a description documents is data, sent as
    /// written (`{ literal: … }` in a manifest).
    public var isTemplate: Bool

    public init(name: String, value: String, isTemplate: Bool = true) {
        self.name = name
        self.value = value
        self.isTemplate = isTemplate
    }

    /// The value as the answer fills it: a template, or its text alone.
    public var template: TextTemplate {
        guard self.isTemplate else {
            return TextTemplate(parts: self.value.isEmpty ? [] : [.literal(Array(self.value.utf8))])
        }
        return TextTemplate(self.value, names: [])
    }

    /// Whether a header can be sent as written: a token for a name, a value
    /// on one line (the manifest's rule, `ManifestReader.isValidHeader`).
    public static func canBeSent(name: String, value: String) -> Bool {
        ManifestReader.isValidHeader(name: name, value: value)
    }
}
