import SwitchboardCore

/// Keys while the endpoint list has focus.
enum EndpointKeys {
    static func handle(_ command: Command, key: Key, state: inout AppState, layout: Layout) -> [Effect] {
        let count = state.endpoints.count
        guard count > 0 else { return [] }
        let page = max(1, layout.endpointRows)
        switch command {
        case .moveUp: state.selected = max(0, state.selected - 1)
        case .moveDown: state.selected = min(count - 1, state.selected + 1)
        case .pageUp: state.selected = max(0, state.selected - page)
        case .pageDown: state.selected = min(count - 1, state.selected + page)
        case .moveToTop: state.selected = 0
        case .moveToBottom: state.selected = count - 1
        case .cycleMode:
            return self.setMode(state.endpoints[state.selected].mode.next, state: &state)
        case .pickMode:
            guard case .char(let character) = key, let number = Int(String(character)),
                Mode.cycle.indices.contains(number - 1)
            else {
                state.flash = "modes: " + Mode.cycle.enumerated().map { "\($0 + 1) \($1.name)" }.joined(separator: ", ")
                return []
            }
            return self.setMode(Mode.cycle[number - 1], state: &state)
        case .nextLatency, .previousLatency:
            let names: [String?] = [nil] + state.profiles.map(\.name)
            let current = names.firstIndex(of: state.endpoints[state.selected].latency) ?? 0
            let step = command == .nextLatency ? 1 : names.count - 1
            let next = names[(current + step) % names.count]
            state.endpoints[state.selected].latency = next
            state.scenario = nil
            let id = state.endpoints[state.selected].id
            state.flash = "\(id) latency → \(state.latencyLabel(next))"
            if state.profiles.isEmpty { state.flash = "no latency profiles — declare some under latency_profiles:" }
            return [.setLatency(endpoint: id, next)]
        case .applyToAll:
            let source = state.endpoints[state.selected]
            for index in state.endpoints.indices {
                state.endpoints[index].mode = source.mode
                state.endpoints[index].latency = source.latency
            }
            state.scenario = nil
            state.flash = "every endpoint → \(source.mode.name), latency \(state.latencyLabel(source.latency))"
            return [.applyToAll(from: source.id)]
        case .resetSelected:
            let row = state.endpoints[state.selected]
            state.endpoints[state.selected].mode = row.startMode
            state.endpoints[state.selected].latency = row.startLatency
            state.scenario = nil
            state.flash = "\(row.id) reset"
            return [.reset(endpoint: row.id)]
        default:
            break
        }
        return []
    }

    private static func setMode(_ mode: Mode, state: inout AppState) -> [Effect] {
        state.endpoints[state.selected].mode = mode
        state.scenario = nil
        let row = state.endpoints[state.selected]
        state.flash = "\(row.id) → \(row.modeLabel)"
        return [.setMode(endpoint: row.id, mode)]
    }
}
