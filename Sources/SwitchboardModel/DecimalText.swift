/// How a number from outside is written wherever a unit follows it
/// (`2s`, `1.5MB/s`, `5%`): decimal digits with at most one point — `2`,
/// `1.5`, `.5`, `007`. No sign, exponent, hex, `nan` or `inf`, which
/// `Double(_:)` would take (`0x10` is 16, `1e400` infinite) and nobody
/// means. A very long run of digits still reads, as a huge or infinite
/// Double: the caller checks its range before converting it.
public enum DecimalText {
    public static func parse<Text: StringProtocol>(_ text: Text) -> Double? {
        var digits = 0
        var points = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(String(text))
    }
}
