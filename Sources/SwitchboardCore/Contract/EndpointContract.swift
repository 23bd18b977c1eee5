public import SwitchboardModel

/// What the core asks of the description an endpoint was made from (an
/// OpenAPI operation today): to check a request against it (`--validate`),
/// a real API's answer (`live` drift), to answer as `Prefer` asks, and to
/// suggest a request it takes. A protocol, so that the core and every
/// test target linking it need not link the description reader.
public protocol EndpointContract: Sendable {
    /// How the request breaks the contract; none when it keeps to it.
    /// `parameters` are the routed path's values by the pattern's names.
    func violations(
        target: RequestTarget, parameters: [String: String], header: @escaping (String) -> String?, body: [UInt8]
    ) -> [ContractViolation]

    /// How a real API's answer breaks the contract (`live`): `body` as it
    /// came, `nil` when it was not kept whole (`DriftBody`).
    func drift(status: Int, header: (String) -> String?, body: [UInt8]?) -> [ContractViolation]

    /// Why the contract cannot answer as `Prefer` asks; `nil` when it can.
    func problem(with preference: SpecPreference) -> String?

    /// The answer `Prefer` asks for in place of the one `kind` sends
    /// (checked first by `problem(with:)`).
    func definition(preferred preference: SpecPreference, kind: ResponseKind) -> ResponseDefinition

    /// Whether the contract documents an answer for `kind` (`success` a
    /// 2xx, `error` a 4xx, `server_error` a 5xx or a default): one it does
    /// not is Switchboard's own, and `switchboard import` writes none.
    func documents(_ kind: ResponseKind) -> Bool

    /// A request that gets the contract's success under `--validate`, its
    /// path's values by the pattern's names.
    func exampleRequest() -> RequestExample

    /// The same contract for an endpoint that routes the same requests
    /// under other parameter names (a manifest's entry written in place
    /// of an operation).
    func routed(by pattern: PathPattern) -> any EndpointContract
}
