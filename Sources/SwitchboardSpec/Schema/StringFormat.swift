/// The string `format`s Switchboard knows: whether a string is one, and
/// a sample of one. One table, so that every sample passes its own check.
///
/// Formats not listed (Box's `url`, `token`, `digest`, …) are annotations:
/// any string passes, and a sample is a plain word.
enum StringFormat: String, CaseIterable {
    case dateTime = "date-time"
    case date
    case time
    case uuid
    case email
    case uri
    case url
    case uriReference = "uri-reference"
    case hostname
    case ipv4
    case ipv6
    case byte

    /// Whether `text` is written as this format says. Email is checked
    /// lightly (one `@` with something either side, no spaces), as a
    /// server does before sending a message.
    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime: return Self.isDateTime(bytes)
        case .date: return bytes.count == 10 && Self.isDate(bytes[...])
        case .time: return Self.isTime(bytes[...])
        case .uuid: return Self.isUUID(bytes)
        case .email:
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
                && !text.contains(where: \.isWhitespace)
        case .uri: return Self.isURI(bytes)
        // Not a JSON Schema format (Box writes it): sampled like `uri`,
        // never held to it, as validators do with formats they do not know.
        case .url: return true
        case .uriReference: return !text.contains(where: \.isWhitespace)
        case .hostname: return Self.isHostname(text)
        case .ipv4: return Self.isIPv4(bytes[...])
        case .ipv6: return Self.isIPv6(text)
        case .byte: return Self.isBase64(bytes)
        }
    }

    /// A string of this format; `word` (a plain word the caller drew) and
    /// `draw` vary it by seed.
    func sample(word: String, draw: SampleDraw) -> String {
        switch self {
        case .dateTime:
            return Self.sampleDate(draw) + "T" + Self.sampleTime(draw) + "Z"
        case .date: return Self.sampleDate(draw)
        case .time: return Self.sampleTime(draw) + "Z"
        case .uuid:
            let hex = Array("0123456789abcdef")
            var digits = (0..<32).map { hex[Int(draw.number(100 + UInt64($0)) % 16)] }
            digits[12] = "4"
            digits[16] = hex[8 + Int(draw.number(99) % 4)]
            let text = String(digits)
            let cuts = [8, 12, 16, 20]
            var out = ""
            for (index, character) in text.enumerated() {
                if cuts.contains(index) { out += "-" }
                out.append(character)
            }
            return out
        case .email: return "\(word)@example.com"
        case .uri, .url: return "https://example.com/\(word)"
        case .uriReference: return "/\(word)"
        case .hostname: return "\(word).example.com"
        // Documentation ranges (RFC 5737, RFC 3849): never a real host.
        case .ipv4: return "192.0.2.\(1 + draw.number(7) % 254)"
        case .ipv6: return "2001:db8::\(String(1 + draw.number(7) % 0xfffe, radix: 16))"
        case .byte: return Self.base64(Array(word.utf8))
        }
    }

    private static func sampleDate(_ draw: SampleDraw) -> String {
        let month = 1 + Int(draw.number(1) % 12)
        let day = 1 + Int(draw.number(2) % 28)
        return "2025-" + self.twoDigits(month) + "-" + self.twoDigits(day)
    }

    private static func sampleTime(_ draw: SampleDraw) -> String {
        self.twoDigits(Int(draw.number(3) % 24)) + ":" + self.twoDigits(Int(draw.number(4) % 60)) + ":"
            + self.twoDigits(Int(draw.number(5) % 60))
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    // MARK: Checks (RFC 3339, RFC 4122, RFC 3986's scheme, RFC 4648)

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = self.digits(bytes[start..<start + 4]),
            let month = self.digits(bytes[start + 5..<start + 7]),
            let day = self.digits(bytes[start + 8..<start + 10]),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `HH:MM:SS`, an optional fraction, then `Z` or `±HH:MM`.
    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count >= 9, bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
            let hour = self.digits(bytes[start..<start + 2]), hour < 24,
            let minute = self.digits(bytes[start + 3..<start + 5]), minute < 60,
            let second = self.digits(bytes[start + 6..<start + 8]), second <= 60
        else { return false }
        var rest = bytes[(start + 8)...]
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard !fraction.isEmpty else { return false }
            rest = rest[fraction.endIndex...]
        }
        if rest.count == 1 { return rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") }
        guard rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"),
            rest[rest.startIndex + 3] == UInt8(ascii: ":"),
            let hours = self.digits(rest[(rest.startIndex + 1)..<(rest.startIndex + 3)]), hours < 24,
            let minutes = self.digits(rest[(rest.startIndex + 4)...]), minutes < 60
        else { return false }
        return true
    }

    private static func isDateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
            return false
        }
        return self.isDate(bytes[0..<10]) && self.isTime(bytes[11...])
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            [8, 13, 18, 23].contains(index) ? byte == UInt8(ascii: "-") : self.isHex(byte)
        }
    }

    /// A scheme (`https:`, `urn:`, `mailto:`) and no spaces.
    private static func isURI(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon < bytes.count - 1 else {
            return false
        }
        let isLetter = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        guard isLetter(bytes[0]) else { return false }
        let schemeOK = bytes[1..<colon].allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        return schemeOK && !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
    }

    private static func isHostname(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    private static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard part.count <= 3, let value = self.digits(part), value <= 255 else { return false }
                return part.count == 1 || part.first != UInt8(ascii: "0")
            }
    }

    /// Eight groups of one to four hex digits, `::` standing for one or
    /// more zero groups once, an IPv4 address as the last two groups.
    private static func isIPv6(_ text: String) -> Bool {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLast = index == halves.count - 1 && position == parts.count - 1
                if isLast && part.contains(".") {
                    guard self.isIPv4(Array(part.utf8)[...]) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy(self.isHex) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups < 8 : groups == 8
    }

    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static func isBase64(_ bytes: [UInt8]) -> Bool {
        guard bytes.count % 4 == 0 else { return false }
        let body = bytes.prefix { $0 != UInt8(ascii: "=") }
        let padding = bytes.count - body.count
        return padding <= 2 && bytes[body.count...].allSatisfy { $0 == UInt8(ascii: "=") }
            && body.allSatisfy(self.base64Alphabet.contains)
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(
                    position <= chunk.count
                        ? Character(Unicode.Scalar(self.base64Alphabet[(value >> (18 - 6 * position)) & 63]))
                        : "=")
            }
            index += 3
        }
        return out
    }
}
