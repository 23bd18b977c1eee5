import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardModel

/// The control API's answers, from the server's own types to the contract's
/// (`SwitchboardControl`), which the CLI decodes with.
enum ControlJSON {
    /// `now`: the panel's clock, for how long the running drill's next
    /// step is away.
    static func panel(_ snapshot: PanelSnapshot, stats: JournalStats, now: Double) -> PanelStatus {
        PanelStatus(
            scenario: snapshot.activeScenario, totalRequests: stats.total, unmatchedRequests: stats.unmatched,
            endpoints: snapshot.manifest.endpoints.indices.map { self.endpoint(snapshot, index: $0, stats: stats) },
            latencyProfiles: snapshot.manifest.availableProfiles.map {
                LatencyProfileInfo(name: $0.name, summary: $0.summary, builtIn: $0.isBuiltIn)
            },
            scenarios: snapshot.manifest.scenarios.map(\.name), modes: Mode.names,
            drill: snapshot.drill.map { run in
                var drill = self.drill(name: run.name, steps: run.steps, applied: run.applied)
                drill.nextInMS = run.countdown(at: now).map { Int(($0 * 1000).rounded(.up)) }
                return drill
            },
            scenarioState: snapshot.scenarioLabel?.state)
    }

    static func drill(name: String, steps: [Scenario.Step], applied: Int) -> DrillStatus {
        DrillStatus(
            name: name, applied: applied, steps: steps.count, lengthMS: steps.last?.info.atMS ?? 0)
    }

    static func endpoint(_ snapshot: PanelSnapshot, index: Int, stats: JournalStats) -> EndpointStatus {
        let row = snapshot.rows[index]
        let endpoint = row.definition
        let setting = row.setting
        let hits = stats.byEndpoint[endpoint.id]
        return EndpointStatus(
            id: endpoint.id, method: endpoint.method, path: endpoint.path.description, mode: setting.mode.name,
            latency: setting.latency, hits: hits?.hits ?? 0, lastStatus: hits?.lastStatus?.wireStatus,
            startMode: endpoint.startMode.name, startLatency: endpoint.startLatency,
            sequence: endpoint.sequence.isEmpty ? nil : endpoint.sequence.map(\.name),
            rateLimit: setting.rateLimit?.description,
            rateLimitKey: setting.rateLimit == nil ? nil : setting.rateLimitKey,
            toxics: setting.toxics.isEmpty ? nil : setting.toxics.names,
            counted: setting.mode.isCountRule ? row.counters.ruleRequestsSoFar : nil,
            startRateLimit: endpoint.startRateLimit?.description,
            startRateLimitKey: endpoint.startRateLimit == nil ? nil : endpoint.rateLimitKey,
            startToxics: endpoint.startToxics.isEmpty ? nil : endpoint.startToxics.names,
            requirements: endpoint.requirementCount)
    }

    static func scenarios(_ snapshot: PanelSnapshot) -> ScenarioList {
        ScenarioList(
            active: snapshot.activeScenario,
            scenarios: snapshot.manifest.scenarios.map(\.info))
    }

    /// One journal entry with its headers and bodies (text, or base64 for
    /// binary), while they are kept: the hand-written `serve` line (see
    /// `JournalEntry.appendJSON`, which carries `sequence`) with `details`
    /// added. With `redact`, credentials (`CredentialNames`, headers and
    /// query) read `REDACTED`, as in a HAR file: they leave the process here.
    static func entryDetails(_ entry: JournalEntry, redact: Bool) -> String {
        var json = String(entry.jsonLine(redact: redact).dropLast())
        json += #","details":"#
        guard let details = entry.details else { return json + "null}" }
        func body(_ bytes: [UInt8], size: Int) -> CapturedBody {
            let text = UTF8Text.decode(bytes)
            return CapturedBody(
                size: size, text: text, base64: text == nil ? Data(bytes).base64EncodedString() : nil,
                truncated: bytes.count < size)
        }
        func pair(_ header: HeaderField) -> [String] {
            [header.name, redact ? CredentialNames.redactedValue(ofHeader: header.name, header.value) : header.value]
        }
        let record = RequestDetails(
            httpVersion: details.httpVersion, requestHeaders: details.requestHeaders.map(pair),
            requestBody: body(details.requestBody, size: details.requestBodySize),
            responseHeaders: details.responseHeaders.map(pair),
            responseBody: body(details.responseBody, size: details.responseBodySize))
        return json + ControlCoding.text(record) + "}"
    }
}
