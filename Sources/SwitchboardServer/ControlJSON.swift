import Foundation
import SwitchboardCore

/// The control API's JSON shapes.
enum ControlJSON {
    static func panel(_ snapshot: PanelSnapshot, stats: JournalStats) -> String {
        let endpoints = snapshot.manifest.endpoints.indices.map { self.endpoint(snapshot, index: $0, stats: stats) }
        return #"{"scenario":"# + (snapshot.activeScenario.map(JSONText.quoted) ?? "null")
            + #","total_requests":"# + String(stats.total) + #","unmatched_requests":"# + String(stats.unmatched)
            + #","endpoints":["# + endpoints.joined(separator: ",\n") + "]"
            + #","latency_profiles":"# + self.profiles(snapshot)
            + #","scenarios":["# + snapshot.manifest.scenarios.map { JSONText.quoted($0.name) }.joined(separator: ",")
            + #"],"modes":["# + Mode.names.map(JSONText.quoted).joined(separator: ",") + "]}"
    }

    static func endpoint(_ snapshot: PanelSnapshot, index: Int, stats: JournalStats) -> String {
        let endpoint = snapshot.manifest.endpoints[index]
        let setting = snapshot.settings[index]
        let hits = stats.byEndpoint[endpoint.id]
        var fields = [
            #""id":"# + JSONText.quoted(endpoint.id),
            #""method":"# + JSONText.quoted(endpoint.method),
            #""path":"# + JSONText.quoted(endpoint.path.description),
            #""mode":"# + JSONText.quoted(setting.mode.name),
            #""latency":"# + (setting.latency.map(JSONText.quoted) ?? "null"),
            #""hits":"# + String(hits?.hits ?? 0),
            #""last_status":"# + (hits?.lastStatus.map { $0 == 0 ? "null" : String($0) } ?? "null"),
            #""start_mode":"# + JSONText.quoted(endpoint.startMode.name),
            #""start_latency":"# + (endpoint.startLatency.map(JSONText.quoted) ?? "null"),
        ]
        if !endpoint.sequence.isEmpty {
            fields.append(
                #""sequence":["# + endpoint.sequence.map { JSONText.quoted($0.name) }.joined(separator: ",") + "]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func profiles(_ snapshot: PanelSnapshot) -> String {
        "["
            + snapshot.manifest.availableProfiles.map { profile in
                #"{"name":"# + JSONText.quoted(profile.name) + #","summary":"# + JSONText.quoted(profile.summary)
                    + #","built_in":"# + (profile.isBuiltIn ? "true" : "false") + "}"
            }.joined(separator: ",") + "]"
    }

    static func scenarios(_ snapshot: PanelSnapshot) -> String {
        #"{"active":"# + (snapshot.activeScenario.map(JSONText.quoted) ?? "null") + #","scenarios":["#
            + snapshot.manifest.scenarios.map { scenario in
                #"{"name":"# + JSONText.quoted(scenario.name) + #","settings":["#
                    + scenario.settings.map(Self.scenarioSetting).joined(separator: ",") + "]}"
            }.joined(separator: ",") + "]}"
    }

    private static func scenarioSetting(_ setting: Scenario.Setting) -> String {
        let mode = setting.mode.map { JSONText.quoted($0.name) } ?? "null"
        let latency = setting.latency.map { JSONText.quoted($0.profileName ?? "none") } ?? "null"
        return #"{"endpoint":"# + JSONText.quoted(setting.target) + #","mode":"# + mode + #","latency":"# + latency
            + "}"
    }

    /// One journal entry with its headers and bodies (text, or base64 for
    /// binary), while they are kept.
    static func entryDetails(_ entry: JournalEntry) -> String {
        var json = String(entry.jsonLine.dropLast())
        json += #","sequence":"# + String(entry.sequence)
        guard let details = entry.details else {
            return json + #","details":null}"#
        }
        func headers(_ fields: [HeaderField]) -> String {
            "["
                + fields.map { "[" + JSONText.quoted($0.name) + "," + JSONText.quoted($0.value) + "]" }.joined(
                    separator: ",") + "]"
        }
        func body(_ bytes: [UInt8], size: Int) -> String {
            var text = #"{"size":"# + String(size)
            if let utf8 = String(validating: bytes, as: UTF8.self) {
                text += #","text":"# + JSONText.quoted(utf8)
            } else {
                text += #","base64":"# + JSONText.quoted(Data(bytes).base64EncodedString())
            }
            return text + #","truncated":"# + (bytes.count < size ? "true" : "false") + "}"
        }
        json += #","details":{"http_version":"# + JSONText.quoted(details.httpVersion)
        json += #","request_headers":"# + headers(details.requestHeaders)
        json += #","request_body":"# + body(details.requestBody, size: details.requestBodySize)
        json += #","response_headers":"# + headers(details.responseHeaders)
        json += #","response_body":"# + body(details.responseBody, size: details.responseBodySize) + "}}"
        return json
    }
}
