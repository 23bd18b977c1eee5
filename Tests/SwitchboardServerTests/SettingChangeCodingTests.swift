import Foundation
import SwitchboardControl
import SwitchboardModel
import Testing

/// Every setting key through the two JSON forms a change takes: the control
/// API's `PUT …/endpoints/{id}` body and a scenario's entry in `GET
/// …/scenarios`, in the spellings they had before `SettingChange` typed
/// them, and back.
struct SettingChangeCodingTests {
    /// One key set one way: the change, its `PUT` body, its scenario entry
    /// (for endpoint `e`) and what markers and the picker say of it.
    struct Row: Sendable {
        let key: SettingKey
        let change: SettingChange
        let body: String
        let listed: String
        let changes: String
    }

    static let rows: [Row] = [
        Row(
            key: .mode, change: SettingChange(mode: .serverError), body: #"{"mode":"server_error"}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":"server_error"}"#, changes: "server_error"),
        Row(
            key: .mode, change: SettingChange(mode: .rule(.failFirst(2))), body: #"{"mode":"fail_first:2"}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":"fail_first:2"}"#, changes: "fail_first:2"),
        Row(
            key: .latency, change: SettingChange(latency: .profile("3g")), body: #"{"latency":"3g"}"#,
            listed: #"{"endpoint":"e","latency":"3g","mode":null}"#, changes: "latency 3g"),
        Row(
            key: .latency, change: SettingChange(latency: .noLatency), body: #"{"latency":null}"#,
            listed: #"{"endpoint":"e","latency":"none","mode":null}"#, changes: "latency none"),
        Row(
            key: .rateLimit, change: SettingChange(rateLimit: .perSecond(5)), body: #"{"rate_limit":"5/s"}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":null,"rate_limit":"5/s"}"#, changes: "rate limit 5/s"),
        Row(
            key: .rateLimit, change: SettingChange(rateLimit: .noLimit), body: #"{"rate_limit":null}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":null,"rate_limit":"off"}"#, changes: "rate limit off"),
        Row(
            key: .rateLimitKey, change: SettingChange(rateLimitKey: .header("X-Client")),
            body: #"{"rate_limit_key":"X-Client"}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":null,"rate_limit_key":"X-Client"}"#,
            changes: "rate limit per X-Client"),
        Row(
            key: .rateLimitKey, change: SettingChange(rateLimitKey: .endpoint), body: #"{"rate_limit_key":null}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":null,"rate_limit_key":"none"}"#,
            changes: "rate limit per endpoint"),
        Row(
            key: .toxics, change: SettingChange(toxics: .slicer.with(.limitData(1024))),
            body: #"{"toxics":"slicer,limit_data:1024"}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":null,"toxics":"slicer,limit_data:1024"}"#,
            changes: "toxics slicer,limit_data:1024"),
        Row(
            key: .toxics, change: SettingChange(toxics: Toxics.none), body: #"{"toxics":null}"#,
            listed: #"{"endpoint":"e","latency":null,"mode":null,"toxics":"none"}"#, changes: "toxics none"),
    ]

    @Test func theTableHasEveryKey() {
        #expect(Set(Self.rows.map(\.key)) == Set(SettingKey.allCases))
    }

    @Test(arguments: Self.rows)
    func eachKeyIsWrittenAndReadBackInItsOwnSpelling(_ row: Row) throws {
        #expect(ControlCoding.text(row.change) == row.body)
        #expect(try ControlCoding.decoder().decode(SettingChange.self, from: Data(row.body.utf8)) == row.change)
        let listed = ScenarioInfo.Setting(endpoint: "e", change: row.change)
        #expect(ControlCoding.text(listed) == row.listed)
        #expect(try ControlCoding.decoder().decode(ScenarioInfo.Setting.self, from: Data(row.listed.utf8)) == listed)
        #expect(row.change.changes == row.changes)
        #expect(listed.changes == row.changes)
    }

    /// What a body may say for each key beyond what the client writes:
    /// `none` and `off` as text, toxics as a list.
    @Test func theOtherSpellingsABodyMayUseReadAsTheSameChange() throws {
        func read(_ text: String) throws -> SettingChange {
            try ControlCoding.decoder().decode(SettingChange.self, from: Data(text.utf8))
        }
        #expect(try read(#"{"latency":"none"}"#) == SettingChange(latency: .noLatency))
        #expect(try read(#"{"rate_limit":"off"}"#) == SettingChange(rateLimit: .noLimit))
        #expect(try read(#"{"rate_limit_key":"none"}"#) == SettingChange(rateLimitKey: .endpoint))
        #expect(
            try read(#"{"toxics":["slicer","limit_data:10"]}"#)
                == SettingChange(toxics: Toxics(slicer: true, limitData: 10)))
        #expect(try read(#"{"toxics":[]}"#) == SettingChange(toxics: Toxics.none))
        #expect(throws: SettingProblem.notText(.toxics, shown: "a list")) { try read(#"{"toxics":[1]}"#) }
        #expect(throws: SettingProblem.notText(.mode, shown: "null")) { try read(#"{"mode":null}"#) }
        #expect(throws: SettingProblem.badText(.rateLimit, "5/x")) { try read(#"{"rate_limit":"5/x"}"#) }
        // Whether each value is text is answered before what a text means.
        #expect(throws: SettingProblem.notText(.toxics, shown: "3")) { try read(#"{"rate_limit":"5/x","toxics":3}"#) }
    }

    /// Every key at once, as `switchboard set` sends it, in one body.
    @Test func aChangeOfEveryKeyIsOneObject() throws {
        let change = SettingChange(
            mode: .error, latency: .profile("slow"), rateLimit: .perMinute(60), rateLimitKey: .header("X-Client"),
            toxics: .slicer)
        let body = ControlCoding.text(change)
        #expect(
            body
                == #"{"latency":"slow","mode":"error","rate_limit":"60/min","rate_limit_key":"X-Client","toxics":"slicer"}"#
        )
        #expect(try ControlCoding.decoder().decode(SettingChange.self, from: Data(body.utf8)) == change)
        #expect(change.changes == "error, latency slow, rate limit 60/min per X-Client, toxics slicer")
    }
}
