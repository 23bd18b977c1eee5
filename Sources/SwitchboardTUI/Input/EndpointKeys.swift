import SwitchboardCore
import SwitchboardModel

/// Keys while the endpoint list has focus. A change to a setting is only
/// asked for here (an effect); the rows change when the control panel's
/// new snapshot comes back, so they never show what the panel refused.
enum EndpointKeys {
    static func handle(_ command: Command, key: Key, state: inout AppState, layout: Layout) -> [Effect] {
        let count = state.endpoints.count
        guard count > 0 else { return [] }
        let page = max(1, layout.endpointRows)
        let row = state.endpoints[state.selected]
        switch command {
        case .moveUp: state.selected = max(0, state.selected - 1)
        case .moveDown: state.selected = min(count - 1, state.selected + 1)
        case .pageUp: state.selected = max(0, state.selected - page)
        case .pageDown: state.selected = min(count - 1, state.selected + page)
        case .moveToTop: state.selected = 0
        case .moveToBottom: state.selected = count - 1
        case .cycleMode:
            let mode = ModeKeys.next(
                after: row.mode, hasSequence: !row.sequence.isEmpty, canGoLive: row.canGoLive,
                flakyPercent: row.flakyPercent)
            return self.setMode(mode, of: row, state: &state)
        case .pickMode:
            guard case .char(let character) = key, let digit = Int(String(character)),
                var mode = ModeKeys.numbered(digit)
            else { return [] }
            if case .flaky = mode {
                // Picking flaky again steps through the preset rates.
                if case .flaky(let current) = row.mode {
                    mode = .flaky(percent: ModeKeys.nextFlakyPreset(after: current))
                } else {
                    mode = .flaky(percent: row.flakyPercent)
                }
            }
            return self.setMode(mode, of: row, state: &state)
        case .pickCountRule:
            return self.setMode(ModeKeys.nextCountRule(after: row.mode), of: row, state: &state)
        case .nextLatency, .previousLatency:
            let names: [String?] = [nil] + state.profiles.map(\.name)
            let current = names.firstIndex(of: row.latency) ?? 0
            let step = command == .nextLatency ? 1 : names.count - 1
            let next = names[(current + step) % names.count]
            state.flash = "\(row.id) latency → \(state.latencyLabel(next))"
            return [.set(endpoint: row.id, SettingChange(latency: next.map(LatencyChoice.init(name:)) ?? .noLatency))]
        case .nextToxic:
            let next = row.toxics.next
            state.flash = "\(row.id) toxics → \(next)"
            return [.set(endpoint: row.id, SettingChange(toxics: next))]
        case .applyToAll:
            state.flash = "every endpoint → \(row.mode.name), latency \(state.latencyLabel(row.latency))"
            return [.applyToAll(from: row.id)]
        case .resetSelected:
            state.flash = "\(row.id) reset"
            return [.reset(endpoint: row.id)]
        case .recordSelected:
            return RecordKeys.record(.endpoint(row.id), state: &state)
        case .startSearch:
            state.endpointSearch = EndpointSearch(origin: state.selected)
        case .openEndpoint:
            // Opening changes nothing: people press enter to look, often in
            // front of an audience.
            return [.openEndpoint(id: row.id)]
        default:
            break
        }
        return []
    }

    private static func setMode(_ mode: Mode, of row: EndpointRow, state: inout AppState) -> [Effect] {
        state.flash = "\(row.id) → \(row.label(of: mode))"
        return [.set(endpoint: row.id, SettingChange(mode: mode))]
    }
}
