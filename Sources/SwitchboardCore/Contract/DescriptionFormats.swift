/// Which descriptions of an API a manifest load may read: none by default
/// (`.none`), OpenAPI 3.0 and 3.1 with `.openAPI` from the
/// `SwitchboardOpenAPI` product (or `SwitchboardSpecEndpoints` inside this
/// package; the `switchboard` command always reads them). A manifest that
/// says `openapi: api.yaml`, or a description file given in place of a
/// folder, loaded without its reader is refused with the fix
/// (`missingReader`), not served without the endpoints it describes.
public struct DescriptionFormats: Sendable {
    /// The readers, each for its own manifest key.
    package let readers: [any DescriptionReader]

    package init(readers: [any DescriptionReader]) {
        self.readers = readers
    }

    /// No description is read: an `openapi:` key is refused.
    public static let none = DescriptionFormats(readers: [])

    /// Both sets of readers (a key `self` reads first).
    public func union(_ other: DescriptionFormats) -> DescriptionFormats {
        let keys = Set(self.readers.map(\.manifestKey))
        return DescriptionFormats(readers: self.readers + other.readers.filter { !keys.contains($0.manifestKey) })
    }

    /// The reader for a manifest's `key:`, if one was given.
    package func reader(forKey key: String) -> (any DescriptionReader)? {
        self.readers.first { $0.manifestKey == key }
    }

    /// The reader for a description file given in place of a folder
    /// (`switchboard api.yaml`): the OpenAPI one, the only format there is.
    package var fileReader: (any DescriptionReader)? {
        self.reader(forKey: Self.openAPIKey)
    }

    /// The manifest key of an OpenAPI description.
    package static let openAPIKey = "openapi"

    /// What a load given no reader says, in a manifest's `openapi:` line or
    /// of a description file: what is missing, and the fix.
    package static func missingReader(key: String) -> (message: String, fix: String) {
        (
            "'\(key):' names an OpenAPI description, and this load reads none (SwitchboardKit leaves OpenAPIKit out)",
            "add the SwitchboardOpenAPI product to the test target, `import SwitchboardOpenAPI` and pass "
                + "`descriptions: .openAPI` (the switchboard command reads descriptions itself)"
        )
    }
}
