import SwitchboardModel
import Yams

/// The manifest's one reader of each `SettingKey`: an endpoint's start
/// (`mode: error`, `latency: 3g`, `rate_limit: 5/s`, `rate_limit_key:
/// X-Client`, `toxics: [slicer]`), a scenario's entry and a drill step read
/// their settings here, each problem reported where it is.
extension ManifestReader {
    /// The setting keys among `fields`, each read by its key's reader.
    mutating func readSettingChange(_ fields: [MappingEntry], profiles: [LatencyProfile]) -> SettingChange {
        var change = SettingChange()
        for key in SettingKey.allCases {
            guard let node = fields.value(for: key.rawValue) else { continue }
            self.readSetting(key, node, profiles: profiles, into: &change)
        }
        return change
    }

    private mutating func readSetting(
        _ key: SettingKey, _ node: Node, profiles: [LatencyProfile], into change: inout SettingChange
    ) {
        switch key {
        case .mode: change.mode = self.mode(node, what: "mode")
        case .latency: change.latency = self.latencyChoice(node, profiles: profiles, what: "latency")
        case .toxics: change.toxics = self.toxics(node)
        default:
            // The rest read as their text does (`SettingChange.read`).
            guard let text = self.string(node, what: key.rawValue) else { return }
            do throws(SettingProblem) {
                try change.read(text, for: key)
            } catch {
                self.report(at: node, "'\(text)' is not a \(Self.what(key))", fix: Self.fix(key, text))
            }
        }
    }

    /// What a key's values are, in a problem's words.
    private static func what(_ key: SettingKey) -> String {
        switch key {
        case .rateLimit: "rate limit"
        case .rateLimitKey: "header name"
        default: key.rawValue.replacingOccurrences(of: "_", with: " ") + " setting"
        }
    }

    private static func fix(_ key: SettingKey, _ text: String) -> String {
        switch key {
        case .rateLimit: RateLimitChoice.fix(forUnknown: text)
        case .rateLimitKey: "name a request header, e.g. Authorization, or 'none' for one bucket"
        default: "see the \(key.rawValue) values in docs/fixtures.md"
        }
    }

    /// A list of toxics, or one as plain text (`none` for none); each bad
    /// one reported where it is.
    mutating func toxics(_ node: Node) -> Toxics {
        let items: [Node]
        switch node {
        case .sequence(let list): items = Array(list)
        default: items = [node]
        }
        var toxics = Toxics.none
        for item in items {
            guard let text = self.string(item, what: "a toxic") else { continue }
            switch Toxics.parseList(text) {
            case .success(let one): toxics = toxics.with(one)
            case .failure(let problem): self.report(at: item, problem.description, fix: problem.fix)
            }
        }
        return toxics
    }
}
