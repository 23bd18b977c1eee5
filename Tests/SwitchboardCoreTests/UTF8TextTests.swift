import SwitchboardCore
import Testing

/// `UTF8Text.decode` stands in for `String(validating:as:)` (macOS 15 /
/// iOS 18): text when the bytes are UTF-8, nil when any byte is not.
@Suite struct UTF8TextTests {
    @Test(arguments: ["", "plain", "é ü 😀 中文", "nul \u{0} inside"])
    func validUTF8IsText(text: String) {
        #expect(UTF8Text.decode(Array(text.utf8)) == text)
        #expect(UTF8Text.decode(Array(text.utf8)[...]) == text)
    }

    @Test(
        arguments: [
            // stray, cut, cut after text, overlong
            [0xFF], [0xC3], [0x61, 0xE2, 0x82], [0xC0, 0xAF],
            // surrogate, above U+10FFFF, lone continuation
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x61, 0x80, 0x62],
        ] as [[UInt8]])
    func invalidUTF8IsNil(bytes: [UInt8]) {
        #expect(UTF8Text.decode(bytes) == nil)
    }
}
