import Foundation
import Yams

/// Walks a manifest's YAML tree, building the model and collecting every
/// problem it meets instead of stopping at the first.
package struct ManifestReader {
    let file: String
    let fixtures: FixtureFolder
    /// For bodies generated from an `openapi:` description's schemas.
    let seed: UInt64
    /// What reads an `openapi:` description (none: the key is refused).
    let descriptions: DescriptionFormats
    private(set) var diagnostics: [Diagnostic] = []
    /// Profiles that are declared but broken: naming one is not a second
    /// problem, the declaration's own message says what to fix.
    var brokenProfiles: Set<String> = []

    init(
        file: String, fixtures: FixtureFolder, seed: UInt64 = ManifestLoader.defaultSeed,
        descriptions: DescriptionFormats = .none
    ) {
        self.file = file
        self.fixtures = fixtures
        self.seed = seed
        self.descriptions = descriptions
    }

    static let topLevelKeys = [
        "server", "openapi", "validate", "upstream", "unmatched", "endpoints", "resources", "latency_profiles",
        "scenarios",
    ]
    static let serverKeys = ["port", "host", "cache"]

    mutating func readManifest(_ root: Node?) -> Manifest {
        var manifest = Manifest(directory: self.fixtures.path, file: self.file, endpoints: [])
        guard let root else {
            self.report(at: nil, "the manifest is empty", fix: "add an 'endpoints:' list")
            return manifest
        }
        guard let entries = self.mapping(root, what: "the manifest") else { return manifest }
        self.checkKeys(entries, allowed: Self.topLevelKeys, in: "the manifest")

        if let server = entries.value(for: "server"), let fields = self.mapping(server, what: "'server'") {
            self.checkKeys(fields, allowed: Self.serverKeys, in: "'server'")
            if let port = fields.value(for: "port") {
                manifest.port = self.integer(port, what: "port", range: 0...65535)
            }
            if let cache = fields.value(for: "cache") {
                manifest.cache = self.cachePolicy(cache) ?? manifest.cache
            }
        }
        if let upstream = entries.value(for: "upstream") {
            manifest.upstream = self.upstream(upstream)
        }
        if let unmatched = entries.value(for: "unmatched") {
            manifest.unmatched = self.unmatchedPolicy(unmatched)
        }
        if let profiles = entries.value(for: "latency_profiles") {
            manifest.latencyProfiles = self.readLatencyProfiles(profiles)
        }
        if let endpoints = entries.value(for: "endpoints") {
            manifest.endpoints = self.readEndpoints(endpoints, profiles: manifest.latencyProfiles)
        }
        if let resources = entries.value(for: "resources") {
            let (declared, endpoints) = self.readResources(resources, declared: manifest.endpoints)
            manifest.resources = declared
            manifest.endpoints += endpoints
        }
        if let openapi = entries.value(for: DescriptionFormats.openAPIKey) {
            self.startFromDescription(openapi, key: DescriptionFormats.openAPIKey, manifest: &manifest)
        }
        if let validate = entries.value(for: "validate") {
            manifest.validatesRequests = self.bool(validate, what: "validate") ?? false
        }
        if entries.value(for: "endpoints") == nil && manifest.resources.isEmpty && manifest.upstream == nil
            && entries.value(for: "openapi") == nil
        {
            // With an upstream, an empty manifest is a proxy: every request goes live.
            self.report(
                at: root, "the manifest has no 'endpoints:' list", fix: "add at least one endpoint, or 'resources:'")
        }
        if let scenarios = entries.value(for: "scenarios") {
            manifest.scenarios = self.readScenarios(
                scenarios, endpoints: manifest.endpoints, profiles: manifest.latencyProfiles)
        }
        return manifest
    }

    // MARK: - Reporting

    mutating func report(at node: Node?, _ message: String, fix: String? = nil) {
        let mark = node?.mark
        self.diagnostics.append(
            Diagnostic(file: self.file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message, fix: fix)
        )
    }

    /// A problem found in another file (an `openapi:` description).
    mutating func report(_ diagnostic: Diagnostic) {
        self.diagnostics.append(diagnostic)
    }

    // MARK: - Typed access

    /// A mapping's entries with string keys, in order; reports anything else.
    mutating func mapping(_ node: Node, what: String) -> [MappingEntry]? {
        guard case .mapping(let mapping) = node else {
            self.report(
                at: node, "\(what) should be a mapping of 'key: value' lines", fix: "see docs/fixtures.md")
            return nil
        }
        var entries: [MappingEntry] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                self.report(at: key, "keys in \(what) must be plain text")
                continue
            }
            entries.append(MappingEntry(key: scalar.string, keyNode: key, value: value))
        }
        return entries
    }

    mutating func checkKeys(_ entries: [MappingEntry], allowed: [String], in context: String) {
        for entry in entries where !allowed.contains(entry.key) {
            let fix: String
            if let suggestion = EditDistance.suggestion(for: entry.key, among: allowed) {
                fix = "did you mean '\(suggestion)'?"
            } else {
                fix = "allowed here: " + allowed.joined(separator: ", ")
            }
            self.report(at: entry.keyNode, "unknown key '\(entry.key)' in \(context)", fix: fix)
        }
    }

    /// A scalar's text (numbers and booleans as written).
    mutating func string(_ node: Node, what: String) -> String? {
        guard case .scalar(let scalar) = node else {
            self.report(at: node, "\(what) should be a single value, not a list or mapping")
            return nil
        }
        return scalar.string
    }

    mutating func cachePolicy(_ node: Node) -> CachePolicy? {
        guard let text = self.string(node, what: "cache") else { return nil }
        if let policy = CachePolicy(rawValue: text.lowercased()) { return policy }
        let fix =
            EditDistance.suggestion(for: text, among: CachePolicy.names).map { "did you mean '\($0)'?" }
            ?? "use 'no-store' (no answer may be cached) or 'success' (the default: only success answers keep their caching headers)"
        self.report(at: node, "unknown cache setting '\(text)'", fix: fix)
        return nil
    }

    /// `true` or `false`, as YAML writes them.
    mutating func bool(_ node: Node, what: String) -> Bool? {
        guard let text = self.string(node, what: what) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            self.report(at: node, "\(what) should be true or false, not '\(text)'", fix: "write '\(what): true'")
            return nil
        }
    }

    mutating func integer(_ node: Node, what: String, range: ClosedRange<Int>) -> Int? {
        guard let text = self.string(node, what: what) else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            self.report(
                at: node, "\(what) '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return value
    }

    /// A mapping of names to single values (query requirements, headers).
    mutating func stringPairs(_ node: Node, what: String) -> [(name: String, value: String, node: Node)] {
        guard let entries = self.mapping(node, what: what) else { return [] }
        var pairs: [(name: String, value: String, node: Node)] = []
        for entry in entries {
            guard let value = self.string(entry.value, what: "'\(entry.key)' in \(what)") else { continue }
            pairs.append((entry.key, value, entry.value))
        }
        return pairs
    }
}

/// One `key: value` of a YAML mapping, with the key's node for positions.
struct MappingEntry {
    let key: String
    let keyNode: Node
    let value: Node
}

extension [MappingEntry] {
    func value(for key: String) -> Node? {
        self.first { $0.key == key }?.value
    }

    func entry(for key: String) -> MappingEntry? {
        self.first { $0.key == key }
    }
}
