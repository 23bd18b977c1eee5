import SwitchboardModel

/// The `Prefer` request header (Prism's habit): one request asks for a mode
/// or a latency profile without changing the endpoint, e.g.
/// `Prefer: mode=server_error` or `Prefer: mode=reset, latency=3g`, or
/// `Prefer: toxics=slicer` (several: `toxics="slicer limit_data:100"`); and,
/// on an endpoint made from an OpenAPI description, Prism's `code=`,
/// `example=` and `dynamic=` (`SpecPreference`). Other preferences
/// (`return=minimal`, …) are left alone.
public enum PreferHeader {
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// The override a header value asks of the endpoint at `index`, or the
    /// problem with it.
    public static func parse(
        _ value: String, endpoint index: Int, manifest: Manifest
    ) -> Result<PanelSnapshot.Override, Problem> {
        var override = PanelSnapshot.Override()
        let items = value.split(whereSeparator: { $0 == "," || $0 == ";" })
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmed() }
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmed { $0 == "\"" }
            switch parts[0].lowercased() {
            case "mode":
                guard let mode = Mode(name: value) else {
                    // As check, the control API and switchboard set say it.
                    return .failure(
                        Problem(message: "Prefer: mode=\(value) is not a mode — \(Mode.fix(forUnknown: value))"))
                }
                // As the control API: `sequence` only means something on an
                // endpoint that has one.
                if mode == .sequence && manifest.endpoints[index].sequence.isEmpty {
                    return .failure(
                        Problem(
                            message:
                                "Prefer: mode=sequence: "
                                + ControlError.noSequence(manifest.endpoints[index].id).description))
                }
                override.mode = mode
            case "latency":
                let choice = LatencyChoice(name: value)
                if let name = choice.profileName, manifest.profile(named: name) == nil {
                    let known = manifest.latencyNames
                    let fix =
                        EditDistance.suggestion(for: name, among: known).map { "did you mean '\($0)'?" }
                        ?? "profiles: " + known.joined(separator: ", ")
                    return .failure(Problem(message: "Prefer: latency=\(value) is not a latency profile — \(fix)"))
                }
                override.latency = choice
            case "toxics", "toxic":
                switch Toxics.parseList(value) {
                case .success(let toxics): override.toxics = toxics
                case .failure(let problem):
                    return .failure(Problem(message: "Prefer: toxics=\(value): \(problem.sentence)"))
                }
            case "code":
                guard let code = Int(value), (100...599).contains(code) else {
                    return .failure(Problem(message: "Prefer: code=\(value) is not an HTTP status"))
                }
                override.spec = override.spec ?? SpecPreference()
                override.spec?.code = code
            case "example":
                override.spec = override.spec ?? SpecPreference()
                override.spec?.example = value
            case "dynamic":
                override.spec = override.spec ?? SpecPreference()
                override.spec?.dynamic = value.lowercased() == "true"
            default:
                continue
            }
        }
        if let spec = override.spec {
            guard let contract = manifest.endpoints[index].contract else {
                return .failure(
                    Problem(
                        message:
                            "Prefer: code=, example= and dynamic= choose among an OpenAPI description's answers; \(manifest.endpoints[index].id) is not made from one"
                    ))
            }
            if let problem = contract.problem(with: spec) { return .failure(Problem(message: problem)) }
        }
        return .success(override)
    }
}
