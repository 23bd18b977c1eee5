import Foundation
import SwitchboardControl
package import SwitchboardCore
package import SwitchboardSpec

/// An OpenAPI description's operations as endpoints: one per operation,
/// each mode answering what the description documents (docs/openapi.md).
package enum SpecEndpoints {
    /// The endpoints, and a problem for each operation id used twice.
    package static func endpoints(
        from document: SpecDocument, file: String, seed: UInt64
    ) -> (endpoints: [EndpointDefinition], diagnostics: [Diagnostic]) {
        var named: [(operation: SpecOperation, id: String, path: PathPattern)] = []
        var diagnostics: [Diagnostic] = []
        var used: Set<String> = []
        for operation in document.operations {
            let path = Self.pattern(operation.path)
            var id: String
            if let declared = operation.operationID.map(Self.id), !declared.isEmpty {
                id = declared
                if used.contains(id) {
                    diagnostics.append(
                        Diagnostic(
                            file: file, line: 0, column: 0,
                            message:
                                "operationId '\(id)' (\(operation.method) \(operation.path)) is used by an earlier operation too",
                            fix: "give each operation its own operationId"))
                    continue
                }
            } else {
                // Two operations can derive the same id (`/a-b` and `/a/b`):
                // number the later one, as a manifest's derived ids are.
                let base = EndpointDefinition.derivedID(method: operation.method, path: path)
                id = base
                var number = 2
                while used.contains(id) {
                    id = "\(base)-\(number)"
                    number += 1
                }
            }
            used.insert(id)
            named.append((operation, id, path))
        }
        let endpoints = named.map { operation, id, path in
            let responses = SpecResponses(operation: operation, document: document, seed: seed ^ StableHash.of(id))
            var endpoint = EndpointDefinition(
                id: id, method: operation.method, path: path, success: responses.success,
                error: responses.error, serverError: responses.serverError)
            endpoint.location = nil
            endpoint.contract = SpecContract(
                operation: operation, document: document, pattern: path, seed: seed ^ StableHash.of(id))
            return endpoint
        }
        return (endpoints, diagnostics)
    }

    /// `/pets/{petId}` → `/pets/:petId`. A segment with a parameter inside
    /// other text (`/files/{name}.json`) matches any one segment. A
    /// `#fragment` (Box's way of describing one path twice,
    /// `/files/{file_id}#get_shared_link`) is no part of a request's path:
    /// dropped, so the first of such operations answers.
    /// The description's names of the parameters `pattern(path)` routes,
    /// in the same order: the one in each segment that has one.
    package static func parameterNames(in path: String) -> [String] {
        let path = SpecOperation.requestPath(of: path)
        return path.split(separator: "/", omittingEmptySubsequences: true).compactMap { part in
            guard let open = part.firstIndex(of: "{"), let close = part[open...].firstIndex(of: "}") else { return nil }
            return String(part[part.index(after: open)..<close])
        }
    }

    package static func pattern(_ path: String) -> PathPattern {
        var segments: [PathPattern.Segment] = []
        var names: Set<String> = []
        let path = SpecOperation.requestPath(of: path)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let open = part.firstIndex(of: "{"), let close = part[open...].firstIndex(of: "}") else {
                segments.append(.literal(PercentDecoding.decode(String(part))))
                continue
            }
            var name = String(part[part.index(after: open)..<close].map { $0.isParameterNameCharacter ? $0 : "_" })
            if name.isEmpty { name = "param" }
            let base = name
            var number = 2
            while !names.insert(name).inserted {
                name = "\(base)\(number)"
                number += 1
            }
            segments.append(.parameter(name))
        }
        return PathPattern(segments: segments)
    }

    /// An `operationId` as an endpoint id: the characters a manifest's id
    /// may use (`isEndpointIDCharacter`), anything else as `-`.
    package static func id(_ operationID: String) -> String {
        String(operationID.map { $0.isEndpointIDCharacter ? $0 : "-" })
    }
}
