import Foundation
import OpenAPIKit
import SwitchboardJSON
import SwitchboardSpec
import Testing

/// Every generated body passes the schema it was made from: the sampler
/// held to `SchemaCheck` over every operation's response schemas in the
/// published descriptions of Tests/Specs, and over the shapes that broke
/// serving Spotify's (`SchemaCrossCheckTests` holds the same shapes to
/// Python's validator).
@Suite struct SchemaSampleShapeTests {
    typealias T = SchemaTesting

    /// A paging object that requires `items` and leaves its type to the
    /// `allOf` part that refines it; `oneOf`s discriminated with a mapping
    /// (by an enum, as Spotify's track or episode, and by a plain string);
    /// and a `oneOf` whose branches both take one branch's sample.
    static let shapes = """
        {"Paging": {"type": "object", "required": ["href", "items", "total"], "properties": {"href": {"type": "string"}, "total": {"type": "integer", "minimum": 0}}},
         "Note": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
         "Tagged": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}, "tag": {"type": "string"}}},
         "NoteOrTagged": {"oneOf": [{"$ref": "#/components/schemas/Note"}, {"$ref": "#/components/schemas/Tagged"}]},
         "NotePage": {"allOf": [{"$ref": "#/components/schemas/Paging"}, {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/NoteOrTagged"}}}}]},
         "Track": {"type": "object", "required": ["id", "type"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "type": {"type": "string", "enum": ["track"]}}},
         "Episode": {"allOf": [{"type": "object", "required": ["id", "type"], "properties": {"id": {"type": "string"}, "type": {"type": "string", "enum": ["episode"]}}}, {"type": "object", "properties": {"show": {"type": "string"}}}]},
         "Playable": {"oneOf": [{"$ref": "#/components/schemas/Track"}, {"$ref": "#/components/schemas/Episode"}],
                      "discriminator": {"propertyName": "type", "mapping": {"track": "#/components/schemas/Track", "episode": "#/components/schemas/Episode"}}},
         "PlayablePage": {"allOf": [{"$ref": "#/components/schemas/Paging"}, {"type": "object", "properties": {"items": {"type": "array", "minItems": 2, "items": {"$ref": "#/components/schemas/Playable"}}}}]},
         "Cat": {"type": "object", "required": ["petType", "name"], "properties": {"petType": {"type": "string"}, "name": {"type": "string"}, "purrs": {"type": "boolean"}}},
         "Dog": {"type": "object", "required": ["petType", "name"], "properties": {"petType": {"type": "string"}, "name": {"type": "string"}, "barks": {"type": "boolean"}}},
         "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                 "discriminator": {"propertyName": "petType", "mapping": {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}}}
        """

    /// The samples of `name` for seeds 0..<20, each held to `SchemaCheck`.
    func samples(_ name: String, _ components: OpenAPI.Components, sourceLocation: SourceLocation = #_sourceLocation)
        -> [JSONValue]
    {
        let schema = JSONSchema.reference(.component(named: name))
        return (UInt64(0)..<20).map { seed in
            let value = SchemaSample.value(for: schema, in: components, seed: seed)
            let found = SchemaCheck.violations(of: value, against: schema, in: components, at: "body", for: .response)
            #expect(found.isEmpty, "\(name) seed \(seed): \(value.json) \(found)", sourceLocation: sourceLocation)
            return value
        }
    }

    /// Spotify's paging objects: `items` was `{}`, its part an `allOf` of
    /// the empty schema `required` implies and the refining array.
    @Test func anArrayThatAnAllOfRefinesIsAnArray() throws {
        for version in ["3.0.3", "3.1.0"] {
            let components = try T.components(Self.shapes, version: version)
            for page in self.samples("NotePage", components) + self.samples("PlayablePage", components) {
                guard case .array? = page["items"] else {
                    Issue.record("\(version): items is not an array: \(page.json)")
                    continue
                }
            }
        }
    }

    /// A sample of one `oneOf` branch that the other branch takes too is
    /// set apart (here given a `tag` that `Tagged` refuses), and a
    /// discriminated one keeps to its branch alone even where the
    /// discriminator is read as a hint only.
    @Test func aOneOfSampleMatchesExactlyOneBranch() throws {
        for version in ["3.0.3", "3.1.0"] {
            let components = try T.components(Self.shapes, version: version)
            for name in ["NoteOrTagged", "Pet", "Playable"] {
                for value in self.samples(name, components) {
                    guard case .one(let branches, _) = T.component(name, in: components).value else {
                        Issue.record("\(name) is not a oneOf")
                        continue
                    }
                    let matching = branches.filter {
                        SchemaCheck.violations(of: value, against: $0, in: components, at: "body").isEmpty
                    }
                    #expect(matching.count == 1, "\(version) \(name): \(value.json) matches \(matching.count)")
                }
            }
        }
    }

    /// Every response schema of every operation in the published
    /// descriptions, loaded as `switchboard` loads them.
    @Test(.ownThreads) func everyOperationsGeneratedBodyPassesItsSchema() throws {
        var checked = 0
        var failures: [String] = []
        for spec in SchemaCrossCheckTests.specs {
            let bytes = Array(try Data(contentsOf: T.specsFolder.appendingPathComponent(spec.path)))
            let document = try SpecLoader.load(bytes: bytes)
            for operation in document.operations {
                for response in operation.responses {
                    for media in response.media {
                        guard let schema = media.schema else { continue }
                        for seed in [UInt64(1), 2] {
                            let value = SchemaSample.value(for: schema, in: document.components, seed: seed)
                            let found = SchemaCheck.violations(
                                of: value, against: schema, in: document.components, at: "body", for: .response)
                            checked += 1
                            if !found.isEmpty {
                                failures.append(
                                    "\(spec.name) \(operation.method) \(operation.path) \(response.status) \(media.type) seed \(seed): \(found.prefix(3)) \(value.json.prefix(200))"
                                )
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 500)
        #expect(failures.isEmpty, "\(failures.count) of \(checked):\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}
