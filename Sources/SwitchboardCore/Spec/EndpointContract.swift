public import SwitchboardModel
public import SwitchboardSpec

/// The operation an endpoint was made from, kept so that a request can be
/// checked against it (`--validate`, `validate: true`): the description's
/// own names for the path's parameters, which routing knows by the
/// endpoint's (`SpecEndpoints.pattern` makes them fit a path pattern).
public struct EndpointContract: Sendable {
    public let operation: SpecOperation
    /// The description the operation's schemas refer into.
    let document: SpecDocument
    /// Each path parameter's name in the pattern → its name in the description.
    let pathNames: [String: String]

    init(operation: SpecOperation, document: SpecDocument, pattern: PathPattern) {
        self.operation = operation
        self.document = document
        let described = SpecEndpoints.parameterNames(in: operation.path)
        let routed = pattern.segments.compactMap { segment -> String? in
            if case .parameter(let name) = segment { return name }
            return nil
        }
        self.pathNames = Dictionary(zip(routed, described), uniquingKeysWith: { first, _ in first })
    }

    /// How the request breaks the operation; none when it keeps to it.
    /// `parameters` are the routed path's values by the pattern's names.
    public func violations(
        target: RequestTarget, parameters: [String: String], header: @escaping (String) -> String?, body: [UInt8]
    ) -> [ContractViolation] {
        var values: [String: String] = [:]
        for (name, value) in parameters {
            if let described = self.pathNames[name] { values[described] = value }
        }
        let request = SpecRequest(pathValues: values, query: target.query, header: header, body: body)
        return RequestCheck.violations(of: request, against: self.operation, in: self.document)
    }
}
