import Yams

/// One recording run's work on a manifest's text: finds the entry an
/// exchange belongs to (or that it needs a new one) and edits the text.
struct RecordingSession {
    let directory: String
    let file: String
    let style: ManifestValue.Style
    /// Every body file written, so an exchange or the batch can be undone.
    let writes: RecordingWrites
    /// What reads the manifest's `openapi:` description.
    let descriptions: DescriptionFormats

    /// The edited text, and what was recorded, or why this exchange was
    /// skipped (the text then is as it was).
    func apply(_ exchange: RecordedExchange, to text: String?) throws(RecordingError) -> (
        String, Result<FixtureRecorder.Outcome, FixtureRecorder.Skipped>
    ) {
        guard let text else {
            let id = exchange.suggestedID
            let (kind, response, bodyFile) = try self.writeBody(exchange, id: id, taken: [])
            let created = ManifestEdit.newManifest(
                self.entry(exchange, id: id, kind: kind, response: response), style: self.style)
            try self.check(created)
            return (created, .success(.init(endpointID: id, kind: kind, bodyFile: bodyFile, change: .added)))
        }
        let manifest: Manifest
        do {
            manifest = try ManifestLoader.parse(
                text: text, file: self.file, directory: self.directory, descriptions: self.descriptions)
        } catch {
            throw .manifestHasProblems(error)
        }
        // The loader read this text without problems, so Yams does too, and
        // every list entry became an endpoint, in order, before those the
        // resources declare.
        let declared = manifest.endpoints.count { $0.resource == nil }
        guard case .mapping(let top)? = try? Yams.compose(yaml: text),
            let endpointsNode = top.first(where: { $0.key.scalar?.string == "endpoints" })?.value,
            case .sequence(let items) = endpointsNode, items.count == declared
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
        if let index = existing, let resource = manifest.endpoints[index].resource {
            return (
                text,
                .failure(
                    .init(
                        endpointID: manifest.endpoints[index].id,
                        reason: "resource '\(resource.resource)' answers it from its items, not from a file"))
            )
        }
        if let index = existing {
            let id = manifest.endpoints[index].id
            if case .stub = exchange.answer {
                return (
                    text, .success(.init(endpointID: id, kind: .success, bodyFile: nil, change: .alreadyAnEndpoint))
                )
            }
            let kind = Self.kind(of: exchange)
            // The file this response names now may be replaced; any other is someone else's.
            let current = Self.fileNamed(by: items[index], kind: kind)
            let taken = manifest.reads.files.subtracting(current.map { [$0] } ?? [])
            var perRequest: (pattern: String, file: String)?
            switch current.flatMap({ Self.perRequestFile($0, values: exchange.parameters) }) {
            case .success(let file)?: perRequest = file
            case .failure(var skipped)?:
                skipped.endpointID = id
                return (text, .failure(skipped))
            case nil: perRequest = nil
            }
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
        return (edited, .success(outcome))
    }

    /// The edited text must load as it will be written.
    private func check(_ text: String) throws(RecordingError) {
        do {
            _ = try ManifestLoader.parse(
                text: text, file: self.file, directory: self.directory, descriptions: self.descriptions)
        } catch {
            throw .editWouldBreakManifest(error)
        }
    }

    static func kind(of exchange: RecordedExchange) -> ResponseKind {
        switch exchange.answer {
        case .live(let status, _, _): RecordedExchange.kind(forStatus: status)
        case .stub: .success
        }
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
}
