import SwitchboardCore
import SwitchboardJSON
import SwitchboardModel
import Testing

@Suite struct TextTests {
    @Test(arguments: [
        ("2s", Duration.seconds(2)), ("500ms", .milliseconds(500)), ("1.5s", .milliseconds(1500)),
        ("1m", .seconds(60)), (" 250 ms ", .milliseconds(250)), ("0s", .zero),
    ])
    func durationsParse(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test(arguments: ["", "2", "fast", "-1s", "2 seconds", "1e400s"])
    func nonsenseIsNotADuration(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test func durationsPrintShort() {
        #expect(DurationText.format(.seconds(2)) == "2s")
        #expect(DurationText.format(.milliseconds(1500)) == "1.5s")
        #expect(DurationText.format(.milliseconds(100)) == "100ms")
        #expect(DurationText.format(.microseconds(2500)) == "2.5ms")
    }

    @Test func templatesOnlyReplaceDeclaredNames() {
        let template = TextTemplate(#"{"id": "{id}", "braces": {"x": 1}, "other": "{nope}"}"#, names: ["id"])
        #expect(template.parameterNames == ["id"])
        #expect(
            String(decoding: template.render(["id": #"7"x"#], escape: JSONText.escaped), as: UTF8.self)
                == #"{"id": "7\"x", "braces": {"x": 1}, "other": "{nope}"}"#)
    }

    @Test func timestampsAreUTCWithMilliseconds() {
        #expect(Timestamp.iso8601(0) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.iso8601(951_782_400.5) == "2000-02-29T00:00:00.500Z")
        #expect(Timestamp.iso8601(1_798_761_599.999) == "2026-12-31T23:59:59.999Z")
    }

    @Test func percentDecoding() {
        #expect(PercentDecoding.decode("a%20b%2Fc") == "a b/c")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.decode("100%") == "100%")
    }

    @Test func suggestionsAreForTyposOnly() {
        #expect(EditDistance.suggestion(for: "stauts", among: ["status", "headers"]) == "status")
        #expect(EditDistance.suggestion(for: "zzz", among: ["status", "headers"]) == nil)
    }
}
