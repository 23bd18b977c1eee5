import Testing

@testable import SwitchboardTUI

/// Printable ASCII skips the walk by character when escaping, measuring
/// and cutting: the answers must be the walk's, on any text.
@Suite struct TerminalTextFastPathTests {
    static let texts = [
        "", "/", "/api/v1/resource7/42?page=3&q=%1B%5B31m", #"a\b"#, #"\\"#, "~ !\"#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}",
        "tab\there", "\u{1B}[2J", "\u{7F}", "\r\n", "a\r\nb", "\u{0}", "café", "cafe\u{301}", "東京", "😀", "🇫🇷",
        "a\u{202E}b", "\u{FFFD}", "\u{85}", "plain then é", "Ünïcode-東京/😀?x=1",
    ]

    @Test func escapingPrintableASCIIGivesWhatEscapingByCharacterGives() {
        for text in Self.texts {
            for doubles in [true, false] {
                #expect(
                    TerminalText.escapeNetwork(text, doublesBackslash: doubles)
                        == TerminalText.escapeNetworkByCharacter(text, doublesBackslash: doubles), "\(text)")
            }
        }
        #expect(TerminalText.escapeNetwork(#"a\b"#) == #"a\\b"#)
        #expect(TerminalText.clean(#"a\b"#) == #"a\b"#)
    }

    @Test func measuringAndCuttingPrintableASCIIGiveWhatTheWalkByCharacterGives() {
        for text in Self.texts {
            #expect(TerminalText.columns(text) == TerminalText.columnsByCharacter(text), "\(text)")
            for width in -1...(text.utf8.count + 1) {
                #expect(
                    TerminalText.prefix(text[...], columns: width)
                        == TerminalText.prefixByCharacter(text[...], columns: width), "\(text) \(width)")
            }
        }
    }

    /// A character's columns from its first byte when that is ASCII, as
    /// `isASCII` and the first scalar said before.
    @Test func aCharacterStartingInASCIITakesOneColumn() {
        for text in Self.texts {
            for character in text {
                let first = character.unicodeScalars.first!
                let expected = character.isASCII ? 1 : (TerminalText.isWide(first) ? 2 : 1)
                #expect(TerminalText.columns(character) == expected, "\(character)")
            }
        }
        #expect(TerminalText.columns("\r\n" as Character) == 1)
        #expect(TerminalText.columns("e\u{301}" as Character) == 1)
        #expect(TerminalText.columns("東" as Character) == 2)
    }
}
