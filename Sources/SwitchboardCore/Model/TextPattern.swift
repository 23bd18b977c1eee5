/// A pattern a request body's text must match (`body: { text: "*hello*" }`):
/// `*` stands for any run of characters, anything else for itself, and the
/// whole body must match. No regular expressions: a pattern costs at most
/// its length times the body's to check, whatever it is.
public struct TextPattern: Sendable, Hashable {
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// Whether `text` matches: the classic wildcard walk, going back only
    /// to the last `*` (so never exponential).
    public func matches(_ text: some Collection<UInt8>) -> Bool {
        let pattern = Array(self.pattern.utf8)
        let text = Array(text)
        var (p, t) = (0, 0)
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                p = last.p + 1
                t = last.t + 1
                star = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
