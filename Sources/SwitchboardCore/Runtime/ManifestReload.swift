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
        var settings: [EndpointSetting] = []
        var counters: [EndpointCounters] = []
        let kept = Set(manifest.endpoints.map(\.id))
        for (index, endpoint) in old.declared.endpoints.enumerated() where !kept.contains(endpoint.id) {
            dropped[endpoint.id] = (old.settings[index], EndpointSetting(startOf: endpoint))
        }
        let offset = old.seenLive.offset
        var learned: [String: Int] = [:]
        for (index, endpoint) in old.seenLive.endpoints.enumerated() {
            learned[SeenLive.key(endpoint)] = offset + index
        }
        var declaredNow = Set<String>()
        for endpoint in manifest.endpoints {
            let key = SeenLive.key(endpoint)
            declaredNow.insert(key)
            let earlier: (setting: EndpointSetting, start: EndpointSetting)
            if let index = old.declared.endpointIndex(id: endpoint.id) {
                earlier = (old.settings[index], EndpointSetting(startOf: old.manifest.endpoints[index]))
                counters.append(old.counters[index])
            } else if let returning = dropped.removeValue(forKey: endpoint.id) {
                earlier = returning
                counters.append(EndpointCounters())
            } else if let index = learned[key] {
                earlier = (old.settings[index], EndpointSetting(startOf: old.manifest.endpoints[index]))
                counters.append(old.counters[index])
            } else {
                settings.append(EndpointSetting(startOf: endpoint))
                counters.append(EndpointCounters())
                continue
            }
            var setting = earlier.setting
            // Untouched endpoints follow an edited starting state.
            if setting == earlier.start {
                setting = EndpointSetting(startOf: endpoint)
            }
            if let latency = setting.latency, manifest.profile(named: latency) == nil { setting.latency = nil }
            if setting.mode == .sequence && endpoint.sequence.isEmpty { setting.mode = endpoint.startMode }
            // A rule the edited manifest starts anew counts from zero; a
            // kept one keeps counting, as a kept setting stays.
            if setting.mode.isCountRule && setting.mode != earlier.setting.mode {
                counters[counters.count - 1].restartRule()
            }
            settings.append(setting)
        }
        var taken = kept
        var seen: [EndpointDefinition] = []
        for (index, endpoint) in old.seenLive.endpoints.enumerated()
        where !declaredNow.contains(SeenLive.key(endpoint)) {
            var row = endpoint
            row.id = SeenLive.unique(endpoint.id, taken: taken)
            taken.insert(row.id)
            seen.append(row)
            var setting = old.settings[offset + index]
            if let latency = setting.latency, manifest.profile(named: latency) == nil { setting.latency = nil }
            settings.append(setting)
            counters.append(old.counters[offset + index])
        }
        var combined = manifest
        combined.endpoints += seen
        // The scenario stays while the manifest has it; an endpoint
        // whose setting matched it before the reload still does.
        let scenario = old.scenario.flatMap { trace in
            manifest.scenarios.contains { $0.name == trace.name }
                ? trace.carried(
                    from: ScenarioTrace.byID(old.settings, old.manifest.endpoints),
                    to: ScenarioTrace.byID(settings, combined.endpoints)) : nil
        }
        var markers = Self.markers(old: old, endpoints: combined.endpoints, settings: settings)
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
            manifest: combined, table: EndpointTable(endpoints: manifest.endpoints), settings: settings,
            generation: old.generation + 1, version: old.version + 1, scenario: scenario, counters: counters,
            random: old.random, declared: manifest,
            seenLive: SeenLive(endpoints: seen, offset: manifest.endpoints.count), limitsFrom: old, drill: drill)
    }

    /// What a reload changed on endpoints that were there before: one
    /// marker for all of them, or none.
    private static func markers(
        old: PanelSnapshot, endpoints: [EndpointDefinition], settings: [EndpointSetting]
    ) -> [(String, ChangeOrigin)] {
        var changed: [String] = []
        for (endpoint, setting) in zip(endpoints, settings) {
            guard let index = old.manifest.endpointIndex(id: endpoint.id), old.settings[index] != setting else {
                continue
            }
            let before = old.settings[index]
            let text = ControlPanel.describe(
                mode: before.mode == setting.mode ? nil : setting.mode,
                latency: before.latency == setting.latency
                    ? nil : setting.latency.map(LatencyChoice.profile) ?? .noLatency,
                rateLimit: before.rateLimit == setting.rateLimit
                    ? nil : setting.rateLimit.map(RateLimitChoice.limit) ?? .noLimit,
                rateLimitKey: before.rateLimitKey == setting.rateLimitKey
                    ? nil : setting.rateLimitKey.map(RateLimitKeyChoice.header) ?? .endpoint,
                toxics: before.toxics == setting.toxics ? nil : setting.toxics)
            if let text { changed.append("\(endpoint.id) → \(text)") }
        }
        return changed.isEmpty ? [] : [(changed.joined(separator: "; "), .reload)]
    }
}
