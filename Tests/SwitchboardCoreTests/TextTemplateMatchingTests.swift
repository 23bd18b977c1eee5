import SwitchboardCore
import Testing

/// What a fixture file's name says about the request it answers.
@Suite struct TextTemplateMatchingTests {
    @Test func aFileNameGivesBackTheValuesThatNameIt() {
        let episode = TextTemplate("episodes/{episode}.json", names: ["episode"])
        #expect(episode.values(in: "episodes/12.json") == ["episode": "12"])
        #expect(episode.values(in: "episodes/.json") == nil)
        #expect(episode.values(in: "episodes/a/b.json") == nil)
        #expect(episode.values(in: "people/1.json") == nil)
        let any = TextTemplate("{*}", names: ["*"])
        #expect(any.values(in: "a.json") == ["*": "a.json"])
        #expect(any.values(in: "東京.json") == ["*": "東京.json"])
    }

    /// A name used twice is one value; a split never falls inside a letter.
    @Test func repeatedNamesAgreeAndLettersStayWhole() {
        let twice = TextTemplate("{id}/{id}.json", names: ["id"])
        #expect(twice.values(in: "3/3.json") == ["id": "3"])
        #expect(twice.values(in: "3/4.json") == nil)
        let pair = TextTemplate("{a}{b}", names: ["a", "b"])
        #expect(pair.values(in: "é東") == ["a": "é", "b": "東"])
    }
}
