import NIOHTTP1

/// What the connection asks of a request's headers, read in one pass as
/// its head arrives: how many `Host` headers it has (`HostHeaderRule`),
/// whether it asks for `100 Continue`, comes from a web page (`Origin`) or
/// asks for an answer of its own (`Prefer`, which rules out the one
/// remembered by target, `AnswerMemo`), and how much text they hold, which
/// the journal counts against its budget (`CapturedExchange`). Each was a
/// scan of the headers of its own, some 120 to 200 instructions, for every
/// request.
struct HeaderFacts: Equatable {
    /// `Host` headers.
    var hosts = 0
    /// The first `Expect` header says `100-continue`, in any case.
    var expectsContinue = false
    /// Has an `Origin` header.
    var hasOrigin = false
    /// Has a `Prefer` header.
    var hasPrefer = false
    /// How many headers, and the bytes of their names and values.
    var size = HeaderSize()

    init(_ headers: HTTPHeaders) {
        var sawExpect = false
        for (name, value) in headers {
            self.size.add(name: name, value: value)
            switch Self.name(name) {
            case .host: self.hosts += 1
            case .origin: self.hasOrigin = true
            case .prefer: self.hasPrefer = true
            case .expect where !sawExpect:
                sawExpect = true
                self.expectsContinue = value.lowercased() == "100-continue"
            case .expect, .other: break
            }
        }
    }

    private enum Name {
        case host, expect, origin, prefer, other
    }

    /// Compared byte by byte, whatever the case, over the name's contiguous
    /// bytes: lowercasing each name would allocate, and zipping two UTF-8
    /// views costs some hundred instructions a header. A name of another
    /// length (most of them) is told apart by its length alone, which a
    /// string keeps: its bytes are not reached for.
    private static func name(_ name: String) -> Name {
        let length = name.utf8.count
        guard length == 4 || length == 6 else { return .other }
        var name = name
        return name.withUTF8 { bytes in
            switch bytes.count {
            case 4: return Self.equal(bytes, "host") ? .host : .other
            case 6:
                switch bytes[0] | 0x20 {
                case UInt8(ascii: "e"): return Self.equal(bytes, "expect") ? .expect : .other
                case UInt8(ascii: "o"): return Self.equal(bytes, "origin") ? .origin : .other
                case UInt8(ascii: "p"): return Self.equal(bytes, "prefer") ? .prefer : .other
                default: return .other
                }
            default: return .other
            }
        }
    }

    /// `bytes` spell `lowercase` (ASCII letters), in any case.
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            guard bytes.count == expected.count else { return false }
            for index in 0..<expected.count where bytes[index] | 0x20 != expected[index] { return false }
            return true
        }
    }
}

/// How many headers a request has and the UTF-8 bytes of their names and
/// values: what the journal's memory budget counts of them.
struct HeaderSize: Equatable {
    var count = 0
    var textBytes = 0

    init() {}

    /// Counted in a pass of their own, for a request whose headers the
    /// connection did not read (`HeaderFacts` counts them in its pass).
    init(_ headers: HTTPHeaders) {
        for (name, value) in headers { self.add(name: name, value: value) }
    }

    mutating func add(name: String, value: String) {
        self.count += 1
        self.textBytes += name.utf8.count + value.utf8.count
    }
}
