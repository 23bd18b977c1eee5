/// Which of the request's values (`RequestValue`) an endpoint's answers
/// read: worked out once per manifest by `EndpointTable`, so a request to
/// an endpoint whose answers read none costs nothing more.
extension EndpointDefinition {
    /// The `RequestValue` names its responses' templates use (bodies,
    /// header values and per-request file names), each once, in name order.
    public var requestValueNames: [String] {
        var names: Set<String> = []
        for kind in ResponseKind.allCases {
            var templates = self.response(kind).headers.map(\.template)
            switch self.response(kind).body {
            case .fixed(let body):
                if case .template(let template) = body.content { templates.append(template) }
            case .perRequestFile(let pattern, let files):
                templates.append(pattern)
                for file in files.values {
                    if case .template(let template) = file.content { templates.append(template) }
                }
            }
            for template in templates {
                for name in template.parameterNames where RequestValue(name: name) != nil {
                    names.insert(name)
                }
            }
        }
        return names.sorted()
    }
}
