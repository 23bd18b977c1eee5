/// The `Prefer` request header (Prism's habit): one request asks for a mode
/// or a latency profile without changing the endpoint, e.g.
/// `Prefer: mode=server_error` or `Prefer: mode=reset, latency=3g`.
/// Other preferences (`return=minimal`, …) are left alone.
public enum PreferHeader {
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// The override a header value asks for, or the problem with it.
    public static func parse(
        _ value: String, manifest: Manifest
    ) -> Result<PanelSnapshot.Override, Problem> {
        var override = PanelSnapshot.Override()
        let items = value.split(whereSeparator: { $0 == "," || $0 == ";" })
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: "\"")
            switch parts[0].lowercased() {
            case "mode":
                guard let mode = Mode(name: value) else {
                    return .failure(
                        Problem(
                            message: "Prefer: mode=\(value) is not a mode; modes: \(Mode.names.joined(separator: ", "))"
                        ))
                }
                override.mode = mode
            case "latency":
                if ["none", "off", "-"].contains(value) {
                    override.latency = nil
                    override.clearsLatency = true
                } else if manifest.profile(named: value) != nil {
                    override.latency = value
                } else {
                    let known = ["none"] + manifest.availableProfiles.map(\.name)
                    return .failure(
                        Problem(
                            message:
                                "Prefer: latency=\(value) is not a latency profile; profiles: \(known.joined(separator: ", "))"
                        ))
                }
            default:
                continue
            }
        }
        return .success(override)
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    func trimmingCharacters(in characters: String) -> String {
        String(self.drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
