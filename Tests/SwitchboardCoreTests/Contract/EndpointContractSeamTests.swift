import SwitchboardCore
import SwitchboardModel
import Testing

/// The core asks an endpoint's description only through `EndpointContract`:
/// a contract that is no OpenAPI operation (this one knows two statuses)
/// decides what `Prefer: code=` may ask, and nothing without a contract may.
struct EndpointContractSeamTests {
    /// Answers 200 and 404, nothing else; checks nothing.
    struct TwoStatuses: EndpointContract {
        func violations(
            target: RequestTarget, parameters: [String: String], header: @escaping (String) -> String?,
            body: [UInt8]
        ) -> [ContractViolation] { [] }
        func drift(status: Int, header: (String) -> String?, body: [UInt8]?) -> [ContractViolation] { [] }
        func problem(with preference: SpecPreference) -> String? {
            [200, 404].contains(preference.code ?? 200)
                ? nil : "Prefer: code=\(preference.code ?? 0) is not one of 200, 404"
        }
        func definition(preferred preference: SpecPreference, kind: ResponseKind) -> ResponseDefinition {
            .fallback(for: kind)
        }
        func documents(_ kind: ResponseKind) -> Bool { kind != .serverError }
        func exampleRequest() -> RequestExample { RequestExample() }
        func routed(by pattern: PathPattern) -> any EndpointContract { self }
    }

    func manifest(contract: (any EndpointContract)?) -> Manifest {
        var endpoint = EndpointDefinition(id: "pets", method: "GET", path: PathPattern(segments: [.literal("pets")]))
        endpoint.contract = contract
        return Manifest(directory: "/nowhere", file: "switchboard.yaml", endpoints: [endpoint])
    }

    /// The problem `Prefer` gets, `nil` when it is taken.
    func problem(_ value: String, contract: (any EndpointContract)?) -> String? {
        guard
            case .failure(let problem) = PreferHeader.parse(
                value, endpoint: 0, manifest: self.manifest(contract: contract))
        else { return nil }
        return problem.message
    }

    @Test func theContractSaysWhichPreferredAnswersExist() {
        #expect(
            PreferHeader.parse("code=404", endpoint: 0, manifest: self.manifest(contract: TwoStatuses()))
                == .success(PanelSnapshot.Override(spec: SpecPreference(code: 404))))
        #expect(self.problem("code=503", contract: TwoStatuses()) == "Prefer: code=503 is not one of 200, 404")
    }

    @Test func withoutAContractNoPreferredAnswerIsChosen() {
        #expect(
            self.problem("code=404", contract: nil)
                == "Prefer: code=, example= and dynamic= choose among an OpenAPI description's answers; pets is not made from one"
        )
    }
}
