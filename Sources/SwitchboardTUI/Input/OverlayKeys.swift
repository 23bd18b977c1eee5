/// Keys in the details view: scroll, record, reveal credentials, and back.
enum DetailsKeys {
    static func handle(_ command: Command, state: inout AppState, layout: Layout) -> [Effect] {
        guard var details = state.details else { return [] }
        let page = layout.detailsRows
        switch command {
        case .recordSelected:
            guard let sequence = details.sequence else { return [] }
            return RecordKeys.record(.request(sequence: sequence), state: &state)
        case .recordAll:
            return RecordKeys.record(.everySeenLive, state: &state)
        case .copyAsCurl:
            return details.sequence.map { [.copyAsCurl(sequence: $0)] } ?? []
        case .replay:
            guard let sequence = details.sequence else { return [] }
            return ReplayKeys.replay(sequence, state: &state)
        case .moveUp: details.scroll -= 1
        case .moveDown: details.scroll += 1
        case .pageUp: details.scroll -= page
        case .pageDown: details.scroll += page
        case .moveToTop: details.scroll = 0
        case .moveToBottom: details.scroll = details.lines.count
        case .toggleSecrets:
            details.revealsSecrets.toggle()
            state.flash =
                details.revealsSecrets ? "credentials shown as sent — v masks them again" : "credentials masked"
        case .closeOverlay:
            state.details = nil
            return []
        default: return []
        }
        // The reducer keeps the scroll in range afterwards.
        state.details = details
        return []
    }
}

/// Keys in the scenario picker.
enum PickerKeys {
    static func handle(_ command: Command, state: inout AppState) -> [Effect] {
        guard let selected = state.scenarioPicker, state.scenarios.indices.contains(selected) else {
            state.scenarioPicker = nil
            return []
        }
        switch command {
        case .moveUp: state.scenarioPicker = max(0, selected - 1)
        case .moveDown: state.scenarioPicker = min(state.scenarios.count - 1, selected + 1)
        case .closeOverlay: state.scenarioPicker = nil
        case .choose:
            let name = state.scenarios[selected]
            state.scenarioPicker = nil
            state.flash = "scenario \(name) applied"
            return [.applyScenario(name)]
        default: break
        }
        return []
    }
}

/// Typing a filter after `/`: enter applies it, esc leaves the old one.
enum FilterKeys {
    static func handle(_ key: Key, state: inout AppState) -> [Effect] {
        guard var draft = state.filterDraft else { return [] }
        switch key {
        case .char(let character):
            draft.append(character)
        case .backspace:
            if !draft.isEmpty { draft.removeLast() }
        case .ctrl("u"):
            draft = ""
        case .ctrl("c"):
            return [.quit(interrupted: true)]
        case .escape:
            state.filterDraft = nil
            return []
        case .enter:
            state.filterDraft = nil
            if draft.allSatisfy({ $0 == " " }) {
                state.filter = nil
                state.flash = "filter cleared"
                return []
            }
            switch LogFilter.parse(draft) {
            case .success(let filter):
                state.filter = filter
                state.focus = .log
            case .failure(let problem):
                state.filterDraft = draft
                state.flash = problem.message
            }
            return []
        default:
            break
        }
        state.filterDraft = draft
        return []
    }
}
