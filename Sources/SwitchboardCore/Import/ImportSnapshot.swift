import SwitchboardControl

/// What importing a description writes into a fixtures folder
/// (docs/openapi.md, "Importing to fixtures"): a copy of the description,
/// a `switchboard.yml` that starts from it (`openapi:`) and writes each
/// operation as an endpoint of its own, and a body file for each response
/// the description documents, holding the bytes `switchboard SPEC` sends.
/// The entries keep the operations' ids, methods and paths, so they keep
/// their contracts: `--validate` and `Prefer` work on the folder as on the
/// description.
public struct ImportSnapshot: Sendable {
    public struct File: Equatable, Sendable {
        public var path: String
        public var bytes: [UInt8]
    }

    /// An operation that gets no entry: an earlier one has the same method
    /// and path and answers all its requests (Box's `#fragment` paths), and
    /// a manifest may not list two such endpoints. It is served as the
    /// description makes it.
    public struct Shadowed: Equatable, Sendable {
        public var id: String
        public var route: String
        public var answeredBy: String
    }

    public static let manifestName = "switchboard.yml"
    public static let bodiesFolder = "bodies"

    /// The description's copy, the manifest, then the bodies.
    public var files: [File]
    public var operations: [ImportedOperation]
    public var shadowed: [Shadowed]
    /// The description's copy in the folder: `openapi.json` or `openapi.yaml`.
    public var descriptionName: String

    /// The snapshot of `description` (its bytes), given `served`: the same
    /// description loaded as `switchboard SPEC` serves it (its reader
    /// names the copy).
    public init(served: Manifest, description: [UInt8]) {
        self.descriptionName = served.descriptions.fileReader?.copyName(of: description) ?? "openapi.yaml"
        self.operations = []
        self.shadowed = []
        var bodies: [File] = []
        var entries: [ManifestValue] = []
        var taken: Set<String> = []
        var routes: [String: String] = [:]
        for endpoint in served.endpoints {
            guard let contract = endpoint.contract else { continue }
            let route = "\(endpoint.method) \(RecordingSession.manifestPath(endpoint.path))"
            let key = ManifestReader.routeKey(endpoint)
            if let first = routes[key] {
                self.shadowed.append(Shadowed(id: endpoint.id, route: route, answeredBy: first))
                continue
            }
            routes[key] = endpoint.id
            var entry: [ManifestValue.Entry] = [
                .init(key: "id", value: .text(endpoint.id)),
                .init(key: "method", value: .text(endpoint.method)),
                .init(key: "path", value: .text(RecordingSession.manifestPath(endpoint.path))),
            ]
            var responses: [ImportedResponse] = []
            for kind in [ResponseKind.success, .error, .serverError] {
                // A mode the description documents nothing for answers
                // Switchboard's own default, as an entry without it does.
                guard contract.documents(kind),
                    let written = Self.response(endpoint.response(kind), of: endpoint, kind: kind, taken: taken)
                else { continue }
                entry.append(.init(key: kind.rawValue, value: written.value))
                if let body = written.body {
                    bodies.append(body)
                    taken.insert(body.path)
                }
                responses.append(
                    ImportedResponse(
                        kind: kind.rawValue, status: written.status, file: written.body?.path,
                        digest: ImportRecord.digest(written.body?.bytes ?? [])))
            }
            entries.append(.map(entry))
            self.operations.append(ImportedOperation(id: endpoint.id, route: route, responses: responses))
        }
        let manifest = Self.manifestText(description: self.descriptionName, entries: entries)
        self.files =
            [File(path: self.descriptionName, bytes: description), File(path: Self.manifestName, bytes: manifest)]
            + bodies
    }

    /// One response as a manifest value, with its body file (none for an
    /// empty body without a type, written `body: ""`).
    private static func response(
        _ definition: ResponseDefinition, of endpoint: EndpointDefinition, kind: ResponseKind, taken: Set<String>
    ) -> (value: ManifestValue, status: Int, body: File?)? {
        guard case .fixed(let fixed) = definition.body, let bytes = fixed.content.heldBytes else { return nil }
        var entries: [ManifestValue.Entry] = [.init(key: "status", value: .number(definition.status))]
        var headers = definition.headers
        var body: File?
        if bytes.isEmpty, fixed.contentType == nil {
            entries.append(.init(key: "body", value: .text("")))
        } else {
            var name = Self.fileName(
                endpoint.id, kind: kind, fileExtension: RecordedBody.fileExtension(for: fixed.contentType),
                taken: taken)
            // A text body holding `{petId}` would be filled from the request
            // in a fixtures folder; a `.bin` file is sent as it is.
            if Self.wouldBeFilled(bytes, name: name, endpoint: endpoint) {
                name = Self.fileName(endpoint.id, kind: kind, fileExtension: "bin", taken: taken)
            }
            entries.append(.init(key: "file", value: .text(name)))
            if let type = fixed.contentType, type != ContentTypes.forPath(name) {
                headers.insert(HeaderField(name: "Content-Type", value: type), at: 0)
            }
            body = File(path: name, bytes: bytes)
        }
        if !headers.isEmpty {
            entries.append(.init(key: "headers", value: .map(headers.map(Self.header))))
        }
        return (.map(entries), definition.status, body)
    }

    /// A header as the manifest writes it: a description's value holding a
    /// brace as `{ literal: … }`, so the folder sends it as written, as the
    /// description does, rather than fill `{uuid}` or refuse `{id}`.
    private static func header(_ field: HeaderField) -> ManifestValue.Entry {
        guard !field.isTemplate, field.value.contains("{") else {
            return .init(key: field.name, value: .text(field.value))
        }
        return .init(key: field.name, value: .map([.init(key: "literal", value: .text(field.value))]))
    }

    /// The recorder's name for a body (`bodies/<id>.error.json`), numbered
    /// past a taken one in any case as a recording is.
    private static func fileName(
        _ id: String, kind: ResponseKind, fileExtension: String, taken: Set<String>
    ) -> String {
        RecordingSession.fileName(
            id: id, kind: kind, fileExtension: fileExtension, taken: taken, folder: Self.bodiesFolder)
    }

    /// Whether a fixtures folder reads `bytes` in a file called `name` as a
    /// template for this endpoint (`FixtureFolder.body` decides).
    private static func wouldBeFilled(_ bytes: [UInt8], name: String, endpoint: EndpointDefinition) -> Bool {
        let folder = FixtureFolder(path: "/", files: .memory([:], at: "/"))
        let read = folder.body(
            .bytes(bytes), relativePath: name, names: Set(endpoint.path.parameterNames), explicitType: false)
        if case .template = read.content { return true }
        return false
    }

    private static func manifestText(description: String, entries: [ManifestValue]) -> [UInt8] {
        var lines = [
            "# Written by `switchboard import` from \(description) (docs/openapi.md, \"Importing to",
            "# fixtures\"). Edit it and the bodies freely: importing again rewrites only",
            "# the files nobody edited, and says what it keeps.",
            "openapi: \(ManifestValue.scalar(description))",
        ]
        if entries.isEmpty {
            lines.append("endpoints: []")
        } else {
            lines.append("endpoints:")
            for entry in entries {
                lines += ManifestEdit.itemLines(entry, dashIndent: 2, keyIndent: 4, step: 2, style: .init())
            }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }
}
