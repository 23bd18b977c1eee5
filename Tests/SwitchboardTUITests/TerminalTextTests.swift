import SwitchboardTUI
import Testing

/// What text from the network looks like on screen: readable where it is
/// harmless, escaped where it could move, hide or reorder anything.
@Suite struct TerminalTextTests {
    @Test func lettersOfAnyScriptAndEmojiAreDrawnAsThemselves() {
        #expect(TerminalText.escapeNetwork("/café/東京/😀") == "/café/東京/😀")
        #expect(TerminalText.columns("/café/東京/😀") == 6 + 4 + 1 + 2)
    }

    /// Manifest text follows the same rule: a path or name in CJK is drawn
    /// as the request for it is; a backslash in a name stays single.
    @Test func manifestTextKeepsWideLettersAndEscapesWhatNetworkTextEscapes() {
        #expect(TerminalText.clean("/café/東京/😀") == "/café/東京/😀")
        #expect(TerminalText.clean("ünïcode-東京") == "ünïcode-東京")
        #expect(TerminalText.clean("a\u{1B}b\u{202E}c\u{200B}") == #"a\x1Bb\u{202e}c\u{200b}"#)
        #expect(TerminalText.clean(#"a\b"#) == #"a\b"#)
    }

    @Test func controlCharactersAndDELAreBytes() {
        #expect(TerminalText.escapeNetwork("a\u{1B}[2Jb\u{7F}\u{0}") == #"a\x1B[2Jb\x7F\x00"#)
        #expect(TerminalText.escapeNetwork(#"\x41"#) == #"\\x41"#)
    }

    @Test func c1ControlsBidiAndZeroWidthCharactersStayEscaped() {
        #expect(TerminalText.escapeNetwork("a\u{85}b\u{9B}") == #"a\u{85}b\u{9b}"#)
        for bidi: Unicode.Scalar in [
            "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
        ] {
            #expect(TerminalText.escapeNetwork("x\(bidi)y") == "x\\u{\(String(bidi.value, radix: 16))}y")
        }
        for invisible: Unicode.Scalar in ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00A0}"] {
            #expect(TerminalText.escapeNetwork("x\(invisible)y") == "x\\u{\(String(invisible.value, radix: 16))}y")
        }
        // Private use and unassigned.
        #expect(TerminalText.escapeNetwork("\u{E000}\u{0378}") == #"\u{e000}\u{378}"#)
    }

    @Test func combiningMarksStayWithTheirLetterAndTakeNoColumn() {
        let decomposed = "e\u{301}t\u{E9}"
        #expect(TerminalText.escapeNetwork(decomposed) == decomposed)
        #expect(TerminalText.columns(decomposed) == 3)
        // A mark with nothing to sit on (at the start, after an escape) is escaped.
        #expect(TerminalText.escapeNetwork("\u{301}a") == #"\u{301}a"#)
        #expect(TerminalText.escapeNetwork("\u{1B}\u{301}") == #"\x1B\u{301}"#)
    }

    /// Sequences whose width terminals disagree on keep their first scalar.
    @Test func flagsSkinTonesAndJoinedEmojiKeepTheirFirstScalar() {
        #expect(TerminalText.escapeNetwork("🇵🇹!") == #"🇵\u{1f1f9}!"#)
        #expect(TerminalText.escapeNetwork("👍🏽") == #"👍\u{1f3fd}"#)
        #expect(TerminalText.escapeNetwork("👩‍💻") == #"👩\u{200d}\u{1f4bb}"#)
        #expect(TerminalText.escapeBytes(Array("🇵🇹".utf8) + [0xFF]) == #"🇵\u{1f1f9}\xFF"#)
        // Conjoining jamo and the ideographic space draw as nothing of their own.
        #expect(TerminalText.escapeNetwork("\u{1100}\u{1161}a\u{3000}b") == #"ᄀ\u{1161}a\u{3000}b"#)
        // Widths as glibc's wcwidth (and so ncurses) has them.
        #expect(TerminalText.columns("🇵") == 1)
        #expect(TerminalText.columns("䷀〈") == 4)
        // Hindi's vowel signs are spacing marks: escaped, not guessed at.
        #expect(TerminalText.escapeNetwork("कि") == #"क\u{93f}"#)
    }

    @Test func aReplacementCharacterSaysBytesWereLost() {
        // NIO's decoder put U+FFFD where the request line had invalid bytes.
        #expect(TerminalText.escapeNetwork("/a\u{FFFD}b") == #"/a\u{fffd}b"#)
    }

    @Test func invalidBytesAreShownAsTheBytesThatWereSent() {
        #expect(TerminalText.escapeBytes([0x61, 0xFF, 0xFE, 0x62]) == #"a\xFF\xFEb"#)
        // Latin-1 é, a cut UTF-8 sequence, an overlong slash, a surrogate.
        #expect(TerminalText.escapeBytes([0x63, 0x61, 0x66, 0xE9]) == #"caf\xE9"#)
        #expect(TerminalText.escapeBytes([0xE6, 0x9D, 0x41]) == #"\xE6\x9DA"#)
        #expect(TerminalText.escapeBytes([0xC0, 0xAF]) == #"\xC0\xAF"#)
        #expect(TerminalText.escapeBytes([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(TerminalText.escapeBytes(Array("東京 ok".utf8)) == "東京 ok")
    }

    @Test func asciiTerminalsGetBytesForWhatIsNotTheScreensOwnGlyph() {
        #expect(TerminalText.ascii(TerminalText.escapeNetwork("/café")) == #"/caf\xC3\xA9"#)
        #expect(TerminalText.ascii("a → b … ─") == "a > b ~ -")
        #expect(TerminalText.ascii("plain") == "plain")
    }

    @Test func cuttingNeverSplitsAWideCharacter() {
        #expect(TerminalText.truncate("東京都庁", to: 6) == "東京 …")
        #expect(TerminalText.truncate("東京都庁", to: 5) == "東京…")
        #expect(TerminalText.pad("東京", to: 6) == "東京  ")
        #expect(TerminalText.columns(TerminalText.pad("a東京都庁", to: 6)) == 6)
        #expect(TerminalText.padLeft("東京", to: 5) == " 東京")
        #expect(TerminalText.padLeft("a東京", to: 4) == "東京")
        #expect(TerminalText.padLeft("a東京", to: 3) == " 京")
        #expect(TerminalText.wrap("東京都 庁舎", to: 3) == ["東", "京", "都", "庁", "舎"])
        #expect(TerminalText.wrap("東京 都庁", to: 4) == ["東京", "都庁"])
    }
}
