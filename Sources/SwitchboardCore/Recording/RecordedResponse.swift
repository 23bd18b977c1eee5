import Foundation

/// The response a recording writes into the manifest, and its body file.
extension RecordingSession {
    /// Writes the body file and returns the response that names it.
    /// `perRequest`: the response names a file per request
    /// (`episodes/{episode}.json`); the body goes to this request's file and
    /// the response keeps naming the pattern, so the other files still serve.
    func writeBody(
        _ exchange: RecordedExchange, id: String, taken: Set<String>,
        perRequest: (pattern: String, file: String)? = nil
    ) throws(RecordingError) -> (ResponseKind, ManifestValue, String?) {
        let kind = Self.kind(of: exchange)
        var entries: [ManifestValue.Entry] = []
        var bodyFile: String?
        switch exchange.answer {
        case .live(let status, let headers, let body):
            let recorded = RecordedBody(body: body, headers: headers)
            guard recorded.bytes.count <= RecordedBody.fileLimit else {
                throw .cannotWrite(
                    path: exchange.pattern.description,
                    reason: "its body of \(recorded.bytes.count) bytes is over the \(RecordedBody.fileLimit >> 20) MiB"
                        + " a recording writes into one file; write its fixture by hand")
            }
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

    func entry(_ exchange: RecordedExchange, id: String, kind: ResponseKind, response: ManifestValue)
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
        if let reason = RequestFileRule.whyNotWritable(relative, in: self.directory) {
            throw .cannotWrite(path: relative, reason: reason)
        }
        let path = (self.directory as NSString).appendingPathComponent(relative)
        self.writes.willWrite(path)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// `recorded/<id>.json`, `recorded/<id>.error.json`…, numbered past the
    /// names in `taken`, in any case: `getPet.json` and `GetPet.json` are one
    /// file on the case-insensitive disks most Macs have, so writing one
    /// would replace the other. Numbered too past a name the fixtures folder
    /// may not hold (`RequestFileRule`): the id `switchboard` would make
    /// `switchboard.json`, the manifest's own name. `switchboard import`
    /// names its bodies the same way in its own `folder`.
    static func fileName(
        id: String, kind: ResponseKind, fileExtension: String, taken: Set<String>,
        folder: String = FixtureRecorder.folder
    ) -> String {
        let base = folder + "/" + RecordedFileName.stem(id) + (kind == .success ? "" : "." + kind.rawValue)
        let folded = Set(taken.map { $0.lowercased() })
        var name = base + "." + fileExtension
        var number = 2
        // A number changes only the last name, so it mends only a refusal
        // there: past the names taken, the writer refuses the rest in words.
        while folded.contains(name.lowercased()) || !RequestFileRule.allows(name), number <= taken.count + 2 {
            name = "\(base)-\(number).\(fileExtension)"
            number += 1
        }
        return name
    }

    /// `episodes/{episode}.json` with `episode` = 3 → `episodes/3.json`; nil
    /// when the name has no placeholder. A value that would lead somewhere
    /// else (`/`, `..`), that is missing or empty, or that would put control
    /// characters into a file name (and into every line that prints it) is
    /// refused, saying why: recording over the pattern instead would replace
    /// the user's file per request with one body. So is a name the served
    /// side would never pick (`RequestFileRule`): `GET /files/switchboard.yml`
    /// for `file: "{name}"` would replace the manifest.
    static func perRequestFile(_ pattern: String, values: [String: String]) -> Result<
        (pattern: String, file: String), FixtureRecorder.Skipped
    >? {
        let names = FixtureFolder.placeholders(in: pattern)
        guard !names.isEmpty else { return nil }
        var file = pattern
        for name in names {
            guard let value = values[name] else {
                return .failure(
                    .init(reason: "the request has no {\(name)} value to name its file; record another request"))
            }
            let shown = Self.printable(value)
            if value.isEmpty || value == "." || value == ".." || value.contains("/") {
                return .failure(
                    .init(reason: "the request's {\(name)} value '\(shown)' cannot name a file; record another request")
                )
            }
            if value.unicodeScalars.contains(where: Self.isControl) {
                return .failure(
                    .init(
                        reason: "the request's {\(name)} value '\(shown)' has control characters, which a file name"
                            + " must not; record another request"))
            }
            file = file.replacingOccurrences(of: "{\(name)}", with: value)
        }
        if file.split(separator: "/").contains(where: { $0.utf8.count > 255 }) {
            return .failure(
                .init(reason: "the request's values make the file name '\(file)' too long; record another request"))
        }
        if !RequestFileRule.allows(file) {
            return .failure(
                .init(
                    reason: "the request's values make the file name '\(file)', which is the manifest's, a hidden"
                        + " file's or outside the pattern's folder; recording never writes it"))
        }
        return .success((pattern, file))
    }

    /// C0 controls, DEL and the C1 controls: a terminal acts on them.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `value` with its control characters percent-encoded, as a URL spells
    /// them: a refusal quoting it is safe to print anywhere.
    static func printable(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            guard Self.isControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { out += String(format: "%%%02X", byte) }
        }
        return out
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
