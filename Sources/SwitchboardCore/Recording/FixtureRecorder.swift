import Foundation
import Yams

/// Keeps upstream answers as fixtures: body files under `recorded/` beside
/// the manifest, and the endpoint added to, or its response replaced in,
/// the manifest by a text edit that leaves the rest of the file as written.
///
/// Body files are named `recorded/<endpoint id>.<ext>` for `success`,
/// `recorded/<id>.error.<ext>` and `recorded/<id>.server_error.<ext>` for
/// the others. Ids are unique within a manifest, so names are too; a name
/// some other entry already uses is numbered (`<id>-2.json`) rather than
/// overwritten. Every file is replaced atomically, and the manifest is
/// written last and once, after the edited text was loaded and found
/// without problems: a reload sees the old fixtures or the new, whole.
public struct FixtureRecorder: Sendable {
    /// The fixtures folder (the manifest's folder).
    public let directory: String
    /// Where body files go, relative to the folder.
    public static let folder = "recorded"

    public init(directory: String) {
        self.directory = directory
    }

    public struct Outcome: Sendable, Equatable {
        public enum Change: Sendable, Equatable {
            case added
            case updated
            /// A stub was asked for a request some endpoint already answers.
            case alreadyAnEndpoint
        }

        public var endpointID: String
        public var kind: ResponseKind
        /// The body file written, relative to the folder; nil for an empty body.
        public var bodyFile: String?
        public var change: Change

        public init(endpointID: String, kind: ResponseKind, bodyFile: String?, change: Change) {
            self.endpointID = endpointID
            self.kind = kind
            self.bodyFile = bodyFile
            self.change = change
        }
    }

    public struct Summary: Sendable {
        public var manifestPath: String
        public var createdManifest: Bool
        public var outcomes: [Outcome]
    }

    /// Records each exchange in turn; the manifest is written once at the end.
    @discardableResult
    public func record(_ exchanges: [RecordedExchange]) throws(RecordingError) -> Summary {
        let found = ManifestLoader.manifestNames.first {
            FileManager.default.fileExists(atPath: (self.directory as NSString).appendingPathComponent($0))
        }
        let name = found ?? ManifestLoader.manifestNames[0]
        let path = (self.directory as NSString).appendingPathComponent(name)
        var text: String?
        if found != nil {
            guard let data = FileManager.default.contents(atPath: path), let read = String(data: data, encoding: .utf8)
            else { throw .cannotWrite(path: path, reason: "the manifest cannot be read as UTF-8 text") }
            text = read
        }
        let original = text
        let session = Session(
            directory: self.directory, file: name, style: ManifestValue.Style(json: name.hasSuffix(".json")))
        var outcomes: [Outcome] = []
        for exchange in exchanges {
            let (edited, outcome) = try session.apply(exchange, to: text)
            text = edited
            outcomes.append(outcome)
        }
        if let text, text != original {
            do {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                throw .cannotWrite(path: error.path, reason: error.reason)
            }
        }
        return Summary(manifestPath: path, createdManifest: found == nil && text != nil, outcomes: outcomes)
    }
}

/// One recording run's work on a manifest's text.
private struct Session {
    let directory: String
    let file: String
    let style: ManifestValue.Style

    func apply(_ exchange: RecordedExchange, to text: String?) throws(RecordingError) -> (
        String, FixtureRecorder.Outcome
    ) {
        guard let text else {
            let id = exchange.suggestedID
            let (kind, response, bodyFile) = try self.writeBody(exchange, id: id, taken: [])
            let created = ManifestEdit.newManifest(
                self.entry(exchange, id: id, kind: kind, response: response), style: self.style)
            try self.check(created)
            return (created, .init(endpointID: id, kind: kind, bodyFile: bodyFile, change: .added))
        }
        let manifest: Manifest
        do {
            manifest = try ManifestLoader.parse(text: text, file: self.file, directory: self.directory)
        } catch {
            throw .manifestHasProblems(error)
        }
        // The loader read this text without problems, so Yams does too, and
        // every list entry became an endpoint, in order.
        guard case .mapping(let top)? = try? Yams.compose(yaml: text),
            let endpointsNode = top.first(where: { $0.key.scalar?.string == "endpoints" })?.value,
            case .sequence(let items) = endpointsNode, items.count == manifest.endpoints.count
        else { throw .cannotEdit("the 'endpoints' list was not found where the loader found it") }

        var edit = ManifestEdit(text: text, style: self.style)
        let step = ManifestEdit.indentStep(endpointsNode)
        let existing =
            exchange.existingID.flatMap { id in manifest.endpoints.firstIndex { $0.id == id } }
            ?? manifest.endpoints.firstIndex {
                $0.method == exchange.method && $0.query.isEmpty && $0.headers.isEmpty
                    && Self.shape($0.path) == Self.shape(exchange.pattern)
            }
        let outcome: FixtureRecorder.Outcome
        if let index = existing {
            let id = manifest.endpoints[index].id
            if case .stub = exchange.answer {
                return (text, .init(endpointID: id, kind: .success, bodyFile: nil, change: .alreadyAnEndpoint))
            }
            let kind = Self.kind(of: exchange)
            // The file this response names now may be replaced; any other is someone else's.
            let current = Self.fileNamed(by: items[index], kind: kind)
            let taken = manifest.reads.files.subtracting(current.map { [$0] } ?? [])
            let perRequest = current.flatMap { Self.perRequestFile($0, values: exchange.parameters) }
            let (_, response, bodyFile) = try self.writeBody(
                exchange, id: id, taken: taken, perRequest: perRequest)
            do {
                try edit.setResponse(kind, to: response, in: items[index], step: step)
            } catch {
                throw .cannotEdit(error.reason)
            }
            outcome = .init(endpointID: id, kind: kind, bodyFile: bodyFile, change: .updated)
        } else {
            let ids = Set(manifest.endpoints.map(\.id))
            var id = exchange.suggestedID
            var number = 2
            while ids.contains(id) {
                id = "\(exchange.suggestedID)-\(number)"
                number += 1
            }
            let (kind, response, bodyFile) = try self.writeBody(exchange, id: id, taken: manifest.reads.files)
            do {
                try edit.appendEndpoint(
                    self.entry(exchange, id: id, kind: kind, response: response), endpoints: endpointsNode)
            } catch {
                throw .cannotEdit(error.reason)
            }
            outcome = .init(endpointID: id, kind: kind, bodyFile: bodyFile, change: .added)
        }
        let edited = edit.text.string
        try self.check(edited)
        return (edited, outcome)
    }

    /// The edited text must load as it will be written.
    private func check(_ text: String) throws(RecordingError) {
        do {
            _ = try ManifestLoader.parse(text: text, file: self.file, directory: self.directory)
        } catch {
            throw .editWouldBreakManifest(error)
        }
    }

    private static func kind(of exchange: RecordedExchange) -> ResponseKind {
        switch exchange.answer {
        case .live(let status, _, _): RecordedExchange.kind(forStatus: status)
        case .stub: .success
        }
    }

    /// Writes the body file and returns the response that names it.
    /// `perRequest`: the response names a file per request
    /// (`episodes/{episode}.json`); the body goes to this request's file and
    /// the response keeps naming the pattern, so the other files still serve.
    private func writeBody(
        _ exchange: RecordedExchange, id: String, taken: Set<String>,
        perRequest: (pattern: String, file: String)? = nil
    ) throws(RecordingError) -> (ResponseKind, ManifestValue, String?) {
        let kind = Self.kind(of: exchange)
        var entries: [ManifestValue.Entry] = []
        var bodyFile: String?
        switch exchange.answer {
        case .live(let status, let headers, let body):
            let recorded = RecordedBody(body: body, headers: headers)
            var kept = RecordedHeaders.filter(headers, encoded: recorded.stillEncoded)
            entries.append(.init(key: "status", value: .number(status)))
            if body.isEmpty {
                entries.append(.init(key: "body", value: .text("")))
            } else {
                let name =
                    perRequest?.file
                    ?? Self.fileName(id: id, kind: kind, fileExtension: recorded.fileExtension, taken: taken)
                try self.write(recorded.bytes, to: name)
                bodyFile = name
                entries.append(.init(key: "file", value: .text(perRequest?.pattern ?? name)))
                // A type the file's extension gives anyway need not be spelled out.
                kept.removeAll {
                    $0.name.lowercased() == "content-type"
                        && Self.normalized($0.value) == Self.normalized(ContentTypes.forPath(name))
                }
            }
            if !kept.isEmpty {
                entries.append(
                    .init(key: "headers", value: .map(kept.map { .init(key: $0.name, value: .text($0.value)) })))
            }
        case .stub:
            let name = Self.fileName(id: id, kind: kind, fileExtension: "json", taken: taken)
            let note =
                "Switchboard wrote this stub for \(exchange.method) \(exchange.pattern): no endpoint matched it and no"
                + " upstream answered. Replace this file (\(name)) with the answer you want, and edit the endpoint"
                + " '\(id)' in \(self.file) if it needs more."
            try self.write(Array("{\n  \"stub\": \(ManifestValue.quoted(note))\n}\n".utf8), to: name)
            bodyFile = name
            entries = [.init(key: "status", value: .number(200)), .init(key: "file", value: .text(name))]
        }
        return (kind, .map(entries), bodyFile)
    }

    private func entry(_ exchange: RecordedExchange, id: String, kind: ResponseKind, response: ManifestValue)
        -> ManifestValue
    {
        var entries: [ManifestValue.Entry] = [.init(key: "id", value: .text(id))]
        if case .stub = exchange.answer {
            entries.append(.init(key: "description", value: .text("Stub: nothing answered this request; edit me")))
        }
        entries += [
            .init(key: "method", value: .text(exchange.method)),
            .init(key: "path", value: .text(Self.manifestPath(exchange.pattern))),
            .init(key: kind.rawValue, value: response),
        ]
        return .map(entries)
    }

    private func write(_ bytes: [UInt8], to relative: String) throws(RecordingError) {
        do {
            try AtomicFile.write(bytes, to: (self.directory as NSString).appendingPathComponent(relative))
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    static func fileName(id: String, kind: ResponseKind, fileExtension: String, taken: Set<String>) -> String {
        let base = FixtureRecorder.folder + "/" + id + (kind == .success ? "" : "." + kind.rawValue)
        var name = base + "." + fileExtension
        var number = 2
        while taken.contains(name) {
            name = "\(base)-\(number).\(fileExtension)"
            number += 1
        }
        return name
    }

    /// `episodes/{episode}.json` with `episode` = 3 → `episodes/3.json`; nil
    /// when the name has no placeholder, a value is missing, or a value
    /// would lead somewhere else (`/`, `..`).
    private static func perRequestFile(_ pattern: String, values: [String: String]) -> (pattern: String, file: String)?
    {
        let names = FixtureFolder.placeholders(in: pattern)
        guard !names.isEmpty else { return nil }
        var file = pattern
        for name in names {
            guard let value = values[name], !value.isEmpty, value != ".", value != "..", !value.contains("/") else {
                return nil
            }
            file = file.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return (pattern, file)
    }

    /// The `file:` an entry's response names, if it names one.
    private static func fileNamed(by item: Node, kind: ResponseKind) -> String? {
        guard case .mapping(let endpoint) = item,
            case .mapping(let response)? = endpoint.first(where: { $0.key.scalar?.string == kind.rawValue })?.value
        else { return nil }
        return response.first { $0.key.scalar?.string == "file" }?.value.scalar?.string
    }

    /// Paths that match the same requests (parameter names aside).
    private static func shape(_ pattern: PathPattern) -> [String] {
        pattern.segments.map { segment in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter: "/:"
            case .wildcard: "/*"
            }
        }
    }

    /// A pattern as the manifest spells it: a literal segment that would
    /// read as something else (`:x`, `*`, `%`, `?`) is percent-encoded.
    static func manifestPath(_ pattern: PathPattern) -> String {
        if pattern.segments.isEmpty { return "/" }
        return pattern.segments.map { segment -> String in
            switch segment {
            case .parameter(let name): return "/:" + name
            case .wildcard: return "/*"
            case .literal(let text):
                var out = "/"
                for (index, byte) in text.utf8.enumerated() {
                    let plain =
                        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                        || (byte >= 0x30 && byte <= 0x39)
                        || Array("-._~!$&'()+,;=@".utf8).contains(byte) || (byte == UInt8(ascii: ":") && index > 0)
                        || (byte == UInt8(ascii: "*") && text.utf8.count > 1)
                    out += plain ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
                }
                return out
            }
        }.joined()
    }

    private static func normalized(_ type: String) -> String {
        type.lowercased().filter { $0 != " " }
    }
}
