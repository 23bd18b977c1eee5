/// A warning for each endpoint no request can reach, because another
/// answers every request it matches first (`EndpointTable.unreachable`):
/// a resource on a path a description's operation has, an endpoint beside
/// a described one of another id, two operations of one method and path.
/// Served as it is (the first answers), and said, naming both and where
/// they are.
enum UnreachableWarnings {
    static func of(_ manifest: Manifest) -> [Diagnostic] {
        EndpointTable.unreachable(manifest.endpoints).map { hidden, first in
            let endpoint = manifest.endpoints[hidden]
            let winner = manifest.endpoints[first]
            let fix =
                endpoint.resource != nil && winner.contract != nil
                ? "a description's operation answers before a resource: leave the operation out of the description, or give the resource another path"
                : endpoint.contract != nil && winner.contract != nil
                    ? "of two operations with the same method and path the first answers: remove one, or give it another path"
                    : "give one of them another path, or tell them apart with 'query:', 'headers:' or 'body:'"
            return Diagnostic(
                file: endpoint.location?.file ?? manifest.file, line: endpoint.location?.line ?? 0,
                column: endpoint.location?.column ?? 0,
                message:
                    "\(Self.name(endpoint)) is never answered: \(Self.name(winner)) at \(Self.place(winner, in: manifest)) answers every request it matches first",
                fix: fix, isWarning: true)
        }
    }

    /// `'listTodos' (GET /todos)`; `'todos.list' (resource 'todos', GET /todos)`.
    private static func name(_ endpoint: EndpointDefinition) -> String {
        let resource = endpoint.resource.map { "resource '\($0.resource)', " } ?? ""
        return "'\(endpoint.id)' (\(resource)\(endpoint.signature))"
    }

    private static func place(_ endpoint: EndpointDefinition, in manifest: Manifest) -> String {
        let file = endpoint.location?.file ?? manifest.file
        guard let line = endpoint.location?.line, line > 0 else { return file }
        return "\(file):\(line)"
    }
}
