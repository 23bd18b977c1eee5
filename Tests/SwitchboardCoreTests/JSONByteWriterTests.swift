import SwitchboardCore
import SwitchboardJSON
import Testing

/// The writer the journal's line is written with: fast paths that must say
/// exactly what the slow ones say.
@Suite struct JSONByteWriterTests {
    static func written(_ text: String) -> String {
        var writer = JSONByteWriter()
        writer.appendString(text)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Text is checked eight bytes at a time: a byte to escape at any place
    /// in a word, or in the bytes after the last whole word, is escaped as
    /// `JSONText` escapes it.
    @Test(arguments: ["\"", "\\", "\u{1}", "\u{7F}", "é", "\u{2028}", "\n", " "])
    func aByteToEscapeIsFoundAnywhere(special: String) {
        for length in 0..<20 {
            for place in 0...length {
                var text = String(repeating: "a", count: length)
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: place))
                #expect(Self.written(text) == JSONText.quoted(text), "\(Array(text.utf8))")
                let sub = text.dropFirst(1)
                var writer = JSONByteWriter()
                writer.appendString(sub)
                #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == JSONText.quoted(String(sub)))
            }
        }
    }

    /// Bytes next to the ones to escape (0x1F, 0x20, 0x21, 0x23, 0x5B,
    /// 0x5D, 0x7E) are copied as they are.
    @Test func theirNeighboursAreCopied() {
        let text = "\u{20}\u{21}\u{23}\u{5B}\u{5D}\u{7E}abcdefgh~"
        #expect(Self.written(text) == "\"" + text + "\"")
        #expect(Self.written("abcdefg\u{1F}") == JSONText.quoted("abcdefg\u{1F}"))
    }

    /// A line longer than the writer's memory (a 70KB query) grows it, and
    /// a writer told to keep little gives the memory back.
    @Test func aLongLineGrowsTheWriter() {
        let entry = JournalEntry(
            time: 1_763_812_862.007, method: "GET", target: "/search?q=" + String(repeating: "x", count: 70_000),
            status: .answered(200), duration: .microseconds(187), endpointID: "search", mode: .success,
            latency: nil)
        var writer = JSONByteWriter(capacity: 64)
        entry.appendJSONLine(to: &writer)
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == entry.jsonLine + "\n")
        writer.removeAll(keepingCapacityUpTo: 128)
        #expect(writer.count == 0)
        entry.appendJSON(to: &writer)
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == entry.jsonLine)
    }

    /// Timestamps, their digits written in place: the same text as
    /// `Timestamp.iso8601` for times around the epoch and leap days.
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"), (-0.001, "1969-12-31T23:59:59.999Z"),
        (951_782_400.5, "2000-02-29T00:00:00.500Z"), (4_102_444_799.999, "2099-12-31T23:59:59.999Z"),
    ])
    func timestamps(seconds: Double, text: String) {
        var writer = JSONByteWriter()
        writer.appendISO8601(seconds)
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == text)
        #expect(Timestamp.iso8601(seconds) == text)
    }

    /// One writer keeps the text of the last timestamp's minute: times in
    /// the same minute, the next, and back again read as worked out anew.
    @Test func aWriterReusesOnlyItsMinute() {
        var writer = JSONByteWriter()
        let times = [59.999, 60.0, 60.5, 119.999, 0.0, -0.001, -60.0, -60.001, 1_763_812_862.007, 1_763_812_919.999]
        for time in times {
            writer.removeAll()
            writer.appendISO8601(time)
            #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == Timestamp.iso8601(time), "\(time)")
        }
    }

    /// The target's path and query, read from its bytes for the common
    /// target, split as before for every other: at the first `?`, the
    /// query starting after the character the `?` begins.
    @Test(arguments: [
        ("/a?b=1", "/a", "b=1"), ("/", "/", ""), ("/?", "/", ""), ("/a?", "/a", ""), ("?x", "", "x"),
        ("/é?x=1", "/é", "x=1"), ("/a?\u{301}x", "/a", "x"), ("/a\"?q=\"", "/a\"", "q=\""),
        ("/a?b?c", "/a", "b?c"), ("", "", ""),
    ])
    func targetsSplitAtTheFirstQuestionMark(target: String, path: String, query: String) throws {
        let entry = JournalEntry(
            time: 0, method: "GET", target: target, status: .answered(200), duration: .zero, endpointID: nil,
            mode: nil, latency: nil)
        let line = entry.jsonLine(redact: false)
        #expect(
            line.contains(#","path":"# + JSONText.quoted(path) + #","query":"# + JSONText.quoted(query) + ","),
            "\(line)")
    }

    /// Two digits a division write what one at a time wrote, padded alike.
    @Test func decimalsAreWrittenWholeAndPadded() {
        let values: [UInt] = [0, 5, 9, 10, 11, 99, 100, 101, 999, 1_000, 4_021, 12_345, 100_000, UInt.max]
        for value in values {
            for width in [1, 3, 20] {
                var out = JSONByteWriter()
                out.appendDecimal(value, width: width)
                let digits = String(value)
                let expected = String(repeating: "0", count: max(0, width - digits.count)) + digits
                #expect(out.withBytes { String(decoding: $0, as: UTF8.self) } == expected)
            }
        }
    }

    /// Milliseconds rounded in integers as they were in doubles: halves up,
    /// and the same beyond where the integers stop (2^50 ns).
    @Test func millisecondsRoundAsInDoubles() {
        let samples: [Int64] = [
            -5, 0, 499, 500, 501, 1_499, 1_500, 187_000, 187_499, 187_500, 2_004_000_000, 999_999_999_500,
            (1 << 50) - 1_500, (1 << 50) - 1, 1 << 50, (1 << 50) + 500, Int64.max,
        ]
        for nanoseconds in samples {
            var out = JSONByteWriter()
            out.appendMilliseconds(nanoseconds)
            let micros = Int((Double(max(0, nanoseconds)) / 1000).rounded())
            let expected = "\(micros / 1000)." + String(String(micros % 1000 + 1000).dropFirst())
            #expect(out.withBytes { String(decoding: $0, as: UTF8.self) } == expected, "\(nanoseconds)")
        }
    }

    /// A path with no query is checked for bytes to escape and for `?` in
    /// one pass, eight bytes at a time: either, at any place, is found.
    @Test(arguments: ["\"", "\\", "\u{1}", "é", "?"])
    func aPathsByteToEscapeOrItsMarkIsFoundAnywhere(special: String) {
        for at in 1...18 {
            let target = "/" + String(repeating: "a", count: at - 1) + special + String(repeating: "b", count: 18 - at)
            let entry = JournalEntry(
                time: 0, method: "GET", target: target, status: .answered(200), duration: .zero, endpointID: nil,
                mode: nil, latency: nil)
            let (path, query) =
                special == "?"
                ? (String(target.split(separator: "?")[0]), String(target.split(separator: "?").dropFirst().joined()))
                : (target, "")
            #expect(
                entry.jsonLine(redact: false).contains(
                    #""path":"# + JSONText.quoted(path) + #","query":"# + JSONText.quoted(query) + ","),
                "\(target)")
        }
    }
}
