import SwitchboardModel

/// What a reload does to the panel, decided as a value: from the snapshot
/// before and the manifest just read, the snapshot after, the marker line
/// it leaves, and the settings of endpoints it dropped. `ControlPanel`
/// only swaps it in; `ManifestReloadTests` reads it as a table.
///
/// Endpoints that stay (same id) keep their setting while it still makes
/// sense (a profile that is gone, a sequence that is gone fall back), and
/// follow an edited starting state when nobody changed them; an endpoint an
/// earlier reload dropped gets its setting back when it returns; endpoints
/// seen live stay after the manifest's, or become the manifest's own (same
/// method and path) with the setting they had.
struct ManifestReload {
    /// Settings of endpoints a reload dropped, by id, with the start state
    /// they had then.
    typealias Dropped = [String: (setting: EndpointSetting, start: EndpointSetting)]

    let snapshot: PanelSnapshot
    let markers: [(String, ChangeOrigin)]
    let dropped: Dropped

    init(_ manifest: Manifest, after old: PanelSnapshot, dropped: Dropped) {
        var dropped = dropped
        var rows: [PanelRow] = []
        let kept = Set(manifest.endpoints.map(\.id))
        for row in old.rows.prefix(old.seenLive.offset) where !kept.contains(row.definition.id) {
            dropped[row.definition.id] = (row.setting, EndpointSetting(startOf: row.definition))
        }
        let learnedRows = old.rows.dropFirst(old.seenLive.offset)
        var learned: [String: PanelRow] = [:]
        for row in learnedRows { learned[SeenLive.key(row.definition)] = row }
        var declaredNow = Set<String>()
        for endpoint in manifest.endpoints {
            let key = SeenLive.key(endpoint)
            declaredNow.insert(key)
            // The row it was (declared, or learned live), or a new one.
            let earlier: PanelRow
            let start: EndpointSetting
            if let index = old.declared.endpointIndex(id: endpoint.id) {
                earlier = old.rows[index]
                start = EndpointSetting(startOf: earlier.definition)
            } else if let returning = dropped.removeValue(forKey: endpoint.id) {
                earlier = PanelRow(endpoint, setting: returning.setting)
                start = returning.start
            } else if let row = learned[key] {
                earlier = row
                start = EndpointSetting(startOf: row.definition)
            } else {
                rows.append(PanelRow(startOf: endpoint))
                continue
            }
            var setting = earlier.setting
            // Untouched endpoints follow an edited starting state.
            if setting == start {
                setting = EndpointSetting(startOf: endpoint)
            }
            if let latency = setting.latency, manifest.profile(named: latency) == nil { setting.latency = nil }
            if setting.mode == .sequence && endpoint.sequence.isEmpty { setting.mode = endpoint.startMode }
            // A rule the edited manifest starts anew counts from zero; a
            // kept one keeps counting, as a kept setting stays.
            if setting.mode.isCountRule && setting.mode != earlier.setting.mode {
                earlier.counters.restartRule()
            }
            rows.append(earlier.redefined(endpoint, setting: setting))
        }
        var taken = kept
        var seen: [EndpointDefinition] = []
        for row in learnedRows where !declaredNow.contains(SeenLive.key(row.definition)) {
            var endpoint = row.definition
            endpoint.id = SeenLive.unique(endpoint.id, taken: taken)
            taken.insert(endpoint.id)
            seen.append(endpoint)
            var setting = row.setting
            if let latency = setting.latency, manifest.profile(named: latency) == nil { setting.latency = nil }
            rows.append(row.redefined(endpoint, setting: setting))
        }
        // The scenario stays while the manifest has it; an endpoint
        // whose setting matched it before the reload still does.
        let scenario = old.scenario.flatMap { trace in
            manifest.scenarios.contains { $0.name == trace.name }
                ? trace.carried(from: ScenarioTrace.byID(old.rows), to: ScenarioTrace.byID(rows)) : nil
        }
        var markers = Self.markers(old: old, rows: rows)
        // A drill keeps the steps it started with while the manifest
        // still has it; one the reload removed stops where it is.
        var drill = old.drill
        if let running = drill, manifest.scenarios.first(where: { $0.name == running.name })?.isDrill != true {
            drill = nil
            markers.append(("drill \(running.name) stopped: no longer in the manifest", .reload))
        }
        self.markers = markers
        self.dropped = dropped
        self.snapshot = PanelSnapshot(
            declared: manifest, rows: rows,
            table: EndpointTable(endpoints: manifest.endpoints, basePath: manifest.basePath),
            seenLive: SeenLive(endpoints: seen, offset: manifest.endpoints.count), generation: old.generation + 1,
            version: old.version + 1, scenario: scenario, random: old.random, drill: drill)
    }

    /// What a reload changed on endpoints that were there before: one
    /// marker for all of them, or none.
    private static func markers(old: PanelSnapshot, rows: [PanelRow]) -> [(String, ChangeOrigin)] {
        let before = ScenarioTrace.byID(old.rows)
        var changed: [String] = []
        for row in rows {
            let setting = row.setting
            guard let before = before[row.definition.id], before != setting else { continue }
            let text = SettingChange(from: before, to: setting).changes
            if let text { changed.append("\(row.definition.id) → \(text)") }
        }
        return changed.isEmpty ? [] : [(changed.joined(separator: "; "), .reload)]
    }
}
