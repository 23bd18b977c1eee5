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
            let row = state.endpoints[state.selected]
            return self.setMode(
                row.mode.next(hasSequence: !row.sequence.isEmpty, flakyPercent: row.flakyPercent), state: &state)
        case .pickMode:
            guard case .char(let character) = key, let digit = Int(String(character)),
                var mode = Mode.numbered(digit)
            else { return [] }
            let row = state.endpoints[state.selected]
            if case .flaky = mode {
                // Picking flaky again steps through the preset rates.
                if case .flaky(let current) = row.mode {
                    let presets = Mode.flakyPresets
                    mode = .flaky(percent: presets.first { $0 > current } ?? presets[0])
                } else {
                    mode = .flaky(percent: row.flakyPercent)
                }
            }
            if mode == .sequence && row.sequence.isEmpty {
                state.flash =
                    "\(row.id) has no sequence — add 'sequence: [success, server_error]' to its manifest entry"
                return []
            }
            return self.setMode(mode, state: &state)
        case .nextLatency, .previousLatency:
            let names: [String?] = [nil] + state.profiles.map(\.name)
            let current = names.firstIndex(of: state.endpoints[state.selected].latency) ?? 0
            let step = command == .nextLatency ? 1 : names.count - 1
            let next = names[(current + step) % names.count]
            state.endpoints[state.selected].latency = next
            state.scenario = nil
            let id = state.endpoints[state.selected].id
            state.flash = "\(id) latency → \(state.latencyLabel(next))"
            return [.setLatency(endpoint: id, next)]
        case .applyToAll:
            let source = state.endpoints[state.selected]
            for index in state.endpoints.indices {
                // `sequence` only applies where one is declared.
                if source.mode != .sequence || !state.endpoints[index].sequence.isEmpty {
                    state.endpoints[index].mode = source.mode
                }
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
