/// Sizes the way people write them: `64KB`, `10MB`, `512B` (1 KB = 1024 bytes).
public enum ByteSize {
    public static func parse(_ text: String) -> Int? {
        RateText.parse(text.hasSuffix("/s") ? text : text + "/s")
    }

    public static func format(_ bytes: Int) -> String {
        String(RateText.format(bytes).dropLast(2))
    }
}
