import SwitchboardCore

/// The one place the screen's state changes. Pure: state and action in,
/// state and effects out; the runtime performs the effects. Endpoint
/// settings are the control panel's: keys only ask for changes, and the
/// rows follow the snapshots that come back (`.panel`).
public enum Reducer {
    /// Applies `action` to `state` for a screen of `width`×`height`.
    public static func reduce(_ state: inout AppState, _ action: Action, width: Int, height: Int) -> [Effect] {
        let layout = Layout(state, width: width, height: height)
        var effects: [Effect] = []
        switch action {
        case .key(let key):
            effects = self.press(key, state: &state, layout: layout)
        case .panel(let snapshot, let stats):
            self.sync(&state, snapshot: snapshot, stats: stats)
        case .requests(let entries, let missed, let stats):
            self.append(entries, missed: missed, stats: stats, to: &state)
            ReplayKeys.find(in: entries, state: &state)
        case .counted(let counts):
            for index in state.endpoints.indices {
                guard state.endpoints[index].mode.isCountRule, let count = counts[state.endpoints[index].id] else {
                    continue
                }
                state.endpoints[index].counted = count
            }
        case .resourceItems(let counts):
            for index in state.endpoints.indices {
                guard let name = state.endpoints[index].resource else { continue }
                state.endpoints[index].items = counts[name]
            }
        case .tick(let now):
            state.rate.sample(time: now, total: state.totalRequests)
            for row in state.endpoints {
                state.history[row.id, default: HitHistory(hits: row.hits)].tick(hits: row.hits)
            }
        case .wallClock(let now):
            state.wallTime = now
        case .changes(let changes):
            self.insert(changes, into: &state)
        case .details(let details):
            state.details = details
            if details == nil { state.flash = "that request is no longer in the journal" }
        case .notice(let text):
            state.flash = text
        case .recorded(let text, let keptThrough):
            state.flash = text
            state.recordNotice = text
            state.recordNoticeKeptThrough = keptThrough
            state.recording = false
        case .refused(let error):
            state.flash = Self.refusal(error)
        case .replayFinished(let original, let outcome):
            ReplayKeys.finished(original, outcome, state: &state)
        }
        self.keepVisible(&state, layout: layout)
        return effects
    }

    private static func press(_ key: Key, state: inout AppState, layout: Layout) -> [Effect] {
        if key == .resize { return [] }
        if case .mouse(let event) = key {
            return MouseKeys.handle(event, state: &state, layout: layout)
        }
        state.flash = nil
        if state.filterDraft != nil {
            return FilterKeys.handle(key, state: &state)
        }
        if state.endpointSearch != nil {
            return SearchKeys.handle(key, state: &state)
        }
        guard let binding = Keymap.binding(for: key, in: state.keyScope) else {
            if !state.showHelp { state.flash = "\(key.label) does nothing here — press ? for help" }
            state.showHelp = false
            return []
        }
        if state.showHelp, binding.command != .quit, binding.command != .interrupt {
            // Any key closes the help screen; scrolling keys do nothing else.
            state.showHelp = false
            return []
        }
        switch binding.command {
        case .quit:
            return [.quit(interrupted: false)]
        case .interrupt:
            return [.quit(interrupted: true)]
        default:
            break
        }
        switch state.keyScope {
        case .details:
            return DetailsKeys.handle(binding.command, state: &state, layout: layout)
        case .picker:
            return PickerKeys.handle(binding.command, state: &state)
        default:
            break
        }
        switch binding.command {
        case .toggleHelp:
            state.showHelp.toggle()
            return []
        case .closeOverlay:
            state.showHelp = false
            return []
        case .switchFocus:
            state.focus = state.focus == .endpoints ? .log : .endpoints
            return []
        case .openScenarios:
            if state.scenarios.isEmpty {
                state.flash = "the manifest declares no scenarios — add some under scenarios:"
            } else {
                state.scenarioPicker = state.scenario.flatMap { state.scenarios.firstIndex(of: $0) } ?? 0
            }
            return []
        case .resetAll:
            state.flash = "every endpoint reset"
            return [.reset(endpoint: nil)]
        case .recordAll:
            return RecordKeys.record(.everySeenLive, state: &state)
        case .toggleSecrets:
            // The log's lines hold no headers, but a query can hold a key.
            state.revealsSecrets.toggle()
            state.flash =
                state.revealsSecrets
                ? "query credentials shown as sent — v masks them again" : "query credentials masked"
            return []
        default:
            break
        }
        switch state.focus {
        case .endpoints:
            return EndpointKeys.handle(binding.command, key: key, state: &state, layout: layout)
        case .log:
            return LogKeys.handle(binding.command, state: &state, layout: layout)
        }
    }

    private static func sync(_ state: inout AppState, snapshot: PanelSnapshot, stats: JournalStats) {
        let selectedID = state.selectedEndpoint?.id
        state.profiles = snapshot.manifest.availableProfiles
        state.validating = snapshot.manifest.validatesRequests
        // A suggested request is made once for each manifest loaded: for
        // an operation of a description it samples values and a body, and
        // a setting flipped rebuilds every row.
        let made =
            state.generation == snapshot.generation
            ? Dictionary(state.endpoints.map { ($0.id, $0.example) }, uniquingKeysWith: { first, _ in first }) : [:]
        state.endpoints = snapshot.rows.map { panel in
            let endpoint = panel.definition
            var row = EndpointRow(
                endpoint, setting: panel.setting, stats: stats.byEndpoint[endpoint.id], example: made[endpoint.id])
            if snapshot.manifest.upstream != nil { row.canGoLive = true }
            if panel.setting.mode.isCountRule { row.counted = panel.counters.ruleRequestsSoFar }
            return row
        }
        state.drill = snapshot.drill.map(DrillStatus.init)
        state.scenarios = snapshot.manifest.scenarios.map(\.name)
        state.scenarioSummaries = snapshot.manifest.scenarios.map { TerminalText.clean($0.summary) }
        state.scenarioLabel = snapshot.scenarioLabel
        if let picked = state.scenarioPicker {
            // A reload may have removed scenarios under the open picker.
            state.scenarioPicker = state.scenarios.isEmpty ? nil : min(picked, state.scenarios.count - 1)
        }
        let problems = snapshot.reloadProblems.map(\.description)
        let reloaded = state.generation != 0 && snapshot.generation != state.generation
        if !problems.isEmpty {
            // Never leave a "fixtures reloaded" under a failed reload (the
            // screen may see a good reload and a failed one at once).
            if reloaded || problems != state.reloadProblems { state.flash = nil }
        } else if reloaded {
            if state.endpoints.isEmpty {
                state.flash = "warning: the reloaded fixtures declare no endpoints; every request answers 404"
            } else if !Self.keepsRecordNotice(state, through: snapshot.generation) {
                state.flash =
                    "fixtures reloaded: \(state.endpoints.count) endpoint\(state.endpoints.count == 1 ? "" : "s")"
                    + (Self.warnings(snapshot.manifest.warnings).map { "; " + $0 } ?? "")
            }
        } else if !state.reloadProblems.isEmpty {
            state.flash = "fixtures fixed"
        } else if state.generation == 0, let warnings = Self.warnings(snapshot.manifest.warnings) {
            state.flash = warnings
        }
        state.generation = snapshot.generation
        state.reloadProblems = problems
        state.reloadFolder = Self.folder(of: snapshot.reloadProblems.first?.file) ?? state.reloadFolder
        state.totalRequests = stats.total
        if let selectedID, let index = state.endpoints.firstIndex(where: { $0.id == selectedID }) {
            state.selected = index
        }
        state.selected = min(state.selected, max(0, state.endpoints.count - 1))
    }

    /// The first of a manifest's warnings and how many more, for the line
    /// a load leaves; `nil` when there are none.
    static func warnings(_ warnings: [Diagnostic]) -> String? {
        guard let first = warnings.first else { return nil }
        let more = warnings.count > 1 ? " (+\(warnings.count - 1) more: `switchboard check` lists them)" : ""
        return first.description + more
    }

    /// Whether a recording's notice stays over a reload to `generation`:
    /// only over the reloads the recording caused (its own, and the
    /// fixture watcher's a moment later). A later reload, the user editing
    /// what was recorded, says so again.
    private static func keepsRecordNotice(_ state: AppState, through generation: Int) -> Bool {
        state.flash != nil && state.flash == state.recordNotice && generation <= state.recordNoticeKeptThrough
    }

    /// Why a key's change did not happen, in the screen's words.
    private static func refusal(_ error: ControlError) -> String {
        switch error {
        case .noSequence(let id):
            "\(id) has no sequence — add 'sequence: [success, server_error]' to its manifest entry"
        default:
            // The endpoint vanished in a reload, most likely.
            error.description
        }
    }

    /// The folder a problem's file is in, as the user named it: what
    /// `switchboard check` wants.
    private static func folder(of file: String?) -> String? {
        guard let file else { return nil }
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        let folder = ManifestLoader.manifestNames.contains(String(name)) ? String(file.dropLast(name.count + 1)) : file
        guard !folder.isEmpty else { return file.hasPrefix("/") ? "/" : "." }
        let plain = folder.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) }
        return plain ? folder : "'" + folder.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func append(_ entries: [JournalEntry], missed: Int, stats: JournalStats, to state: inout AppState) {
        for index in state.endpoints.indices {
            if let endpointStats = stats.byEndpoint[state.endpoints[index].id] {
                state.endpoints[index].hits = endpointStats.hits
            }
        }
        state.totalRequests = stats.total
        guard !entries.isEmpty else { return }
        for entry in entries.suffix(state.logCapacity) {
            let line = LogLine(entry)
            // A line is added when its answer is done, but placed by when
            // the request arrived: one that came before a change (and was
            // answered under the old setting) goes above that change's
            // marker, so the log reads cause, then effect.
            // Only the newest lines can have arrived later than this one.
            var index = state.log.endIndex
            let floor = max(0, state.log.count - 64)
            while index > floor, state.log[index - 1].time > line.time { index -= 1 }
            guard index < state.log.endIndex else {
                // Nearly always: nothing to place it above, nor to renumber.
                state.log.append(line)
                continue
            }
            state.log.insert(line, at: index)
            // The markers right below it now follow this line.
            var below = index + 1
            while below < state.log.endIndex, state.log[below].marker != nil {
                state.log[below].sequence = line.sequence
                below += 1
            }
        }
        if !state.following { state.unseen += entries.count + missed }
        let overflow = state.log.count - state.logCapacity
        if overflow > 0 { state.log.removeFirst(overflow) }
    }

    /// Markers go in among the requests by time (a request still being
    /// answered when the change came lands after it), each with the
    /// sequence of the line before it so the log stays in sequence order.
    private static func insert(_ changes: [PanelChange], into state: inout AppState) {
        for change in changes {
            var index = state.log.endIndex
            // Only the newest lines can be later than a change just made.
            let floor = max(0, state.log.count - 64)
            while index > floor, state.log[index - 1].time > change.time { index -= 1 }
            let before = index > 0 ? state.log[index - 1].sequence : 0
            // The next press of a burst on the log's last line replaces it.
            if index == state.log.endIndex, let last = state.log.last, MarkerBurst.replaces(last, with: change) {
                state.log[index - 1] = LogLine(change: change, after: last.sequence)
                continue
            }
            state.log.insert(LogLine(change: change, after: before), at: index)
        }
        let overflow = state.log.count - state.logCapacity
        if overflow > 0 { state.log.removeFirst(overflow) }
    }

    /// Keeps the selected endpoint and the log cursor inside the visible rows.
    private static func keepVisible(_ state: inout AppState, layout: Layout) {
        let rows = max(1, layout.endpointRows)
        if state.selected < state.endpointScroll { state.endpointScroll = state.selected }
        if state.selected >= state.endpointScroll + rows { state.endpointScroll = state.selected - rows + 1 }
        state.endpointScroll = max(0, min(state.endpointScroll, max(0, state.endpoints.count - rows)))
        LogWindow.settle(&state, rows: max(1, layout.logRows))
        if var details = state.details {
            let last = DetailsScreen.lastScroll(details, rows: layout.detailsRows, width: layout.width - 1)
            details.scroll = max(0, min(details.scroll, last))
            state.details = details
        }
    }
}
