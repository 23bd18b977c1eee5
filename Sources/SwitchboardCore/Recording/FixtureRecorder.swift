import Foundation

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
    /// What reads the manifest's `openapi:` description when each edit is
    /// checked (none: a manifest that has one does not load).
    public let descriptions: DescriptionFormats

    public init(directory: String, descriptions: DescriptionFormats = .none) {
        self.directory = directory
        self.descriptions = descriptions
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

    /// An exchange that was not recorded, and why in a sentence.
    public struct Skipped: Error, Sendable, Equatable {
        public var endpointID: String
        public var reason: String

        public init(endpointID: String = "", reason: String) {
            self.endpointID = endpointID
            self.reason = reason
        }
    }

    public struct Summary: Sendable {
        public var manifestPath: String
        public var createdManifest: Bool
        public var outcomes: [Outcome]
        public var skipped: [Skipped] = []
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
        let writes = RecordingWrites()
        let session = RecordingSession(
            directory: self.directory, file: name, style: ManifestValue.Style(json: name.hasSuffix(".json")),
            writes: writes, descriptions: self.descriptions)
        var outcomes: [Outcome] = []
        var skipped: [Skipped] = []
        for exchange in exchanges {
            if let reason = exchange.whyNotTheResource {
                skipped.append(.init(endpointID: exchange.existingID ?? exchange.suggestedID, reason: reason))
                continue
            }
            let mark = writes.mark
            do {
                let (edited, outcome) = try session.apply(exchange, to: text)
                text = edited
                switch outcome {
                case .success(let outcome): outcomes.append(outcome)
                case .failure(let skip): skipped.append(skip)
                }
            } catch {
                // A manifest that does not load fails every exchange alike.
                if case .manifestHasProblems = error {
                    writes.rollBack()
                    throw error
                }
                // One exchange that cannot be written (a name too long, a
                // body too large) does not cost the others their recording.
                writes.rollBack(to: mark)
                skipped.append(.init(endpointID: exchange.existingID ?? exchange.suggestedID, reason: "\(error)"))
            }
        }
        if let text, text != original {
            do {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                writes.rollBack()
                throw .cannotWrite(path: error.path, reason: error.reason)
            }
        }
        writes.keep()
        return Summary(
            manifestPath: path, createdManifest: found == nil && text != nil, outcomes: outcomes, skipped: skipped)
    }
}
