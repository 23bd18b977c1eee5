/// Toxiproxy's connection toxics, applied on top of whatever an endpoint
/// answers (its mode, a rule, a live answer): they change how the bytes
/// leave, not which bytes. Any combination may be on at once.
///
/// - `slicer`: the body in pieces of 1–64 bytes with 0–10 ms between them,
///   each its own write (parsers that assume one read).
/// - `slow_close[:DURATION]`: the answer says `Connection: close`, and the
///   connection closes that long after the whole answer is out (2 s if
///   not given).
/// - `limit_data:N`: the head, then N body bytes, then the connection
///   closes; `Content-Length` still promises the whole body.
public struct Toxics: Sendable, Hashable, CustomStringConvertible {
    public var slicer: Bool
    /// How long the close waits after the answer; `nil` is no slow close.
    public var slowClose: Duration?
    /// Body bytes sent before the connection closes; `nil` is no limit.
    public var limitData: Int?

    /// A slow close beyond `maxSlowClose` (or below zero), which only code
    /// can ask for, is `maxSlowClose` (zero), as a negative `limitData` is 0.
    public init(slicer: Bool = false, slowClose: Duration? = nil, limitData: Int? = nil) {
        self.slicer = slicer
        self.slowClose = slowClose.map { min(max(.zero, $0), Self.maxSlowClose) }
        self.limitData = limitData.map { max(0, $0) }
    }

    public static let none = Toxics()
    public static let slicer = Toxics(slicer: true)

    public static func slowClose(_ delay: Duration = Self.defaultSlowClose) -> Toxics {
        Toxics(slowClose: delay)
    }

    public static func limitData(_ bytes: Int) -> Toxics {
        Toxics(limitData: bytes)
    }

    /// Both sets at once (`.slicer.with(.limitData(100))`); where both set
    /// the same toxic, `other`'s figure wins.
    public func with(_ other: Toxics) -> Toxics {
        Toxics(
            slicer: self.slicer || other.slicer, slowClose: other.slowClose ?? self.slowClose,
            limitData: other.limitData ?? self.limitData)
    }

    public var isEmpty: Bool {
        !self.slicer && self.slowClose == nil && self.limitData == nil
    }

    public static let defaultSlowClose = Duration.seconds(2)
    /// The longest close delay accepted.
    public static let maxSlowClose = Duration.seconds(600)
    /// What the screen's key sets after `slow_close`.
    public static let screenLimit = 1024

    /// `slicer`, `slow_close:2s`, `limit_data:1024`: each toxic as the
    /// manifest, control API and journal write it.
    public var names: [String] {
        var names: [String] = []
        if self.slicer { names.append("slicer") }
        if let delay = self.slowClose { names.append("slow_close:" + Self.format(delay)) }
        if let bytes = self.limitData { names.append("limit_data:\(bytes)") }
        return names
    }

    /// `slicer,limit_data:1024`, or `none`.
    public var description: String {
        self.isEmpty ? "none" : self.names.joined(separator: ",")
    }

    /// For a narrow screen: `slc`, `scl`, `cut1024`, joined with `+`.
    public var short: String {
        var parts: [String] = []
        if self.slicer { parts.append("slc") }
        if self.slowClose != nil { parts.append("scl") }
        if let bytes = self.limitData { parts.append("cut\(bytes)") }
        return parts.joined(separator: "+")
    }

    /// The screen's cycle: none → slicer → slow_close → limit_data:1024 →
    /// none. Any other combination goes back to none.
    public var next: Toxics {
        if self == .none { return .slicer }
        if self == .slicer { return .slowClose() }
        if self == .slowClose() { return .limitData(Self.screenLimit) }
        return .none
    }

    /// Every spelling, for messages.
    public static let spellings = ["slicer", "slow_close[:DURATION]", "limit_data:N"]
    /// The toxic names alone, for "did you mean".
    public static let toxicNames = ["slicer", "slow_close", "limit_data"]

    /// One toxic as written (`slicer`, `slow_close`, `slow_close:500ms`,
    /// `limit_data:1024`), or why it is not one.
    public static func parse(_ text: String) -> Result<Toxics, ToxicProblem> {
        let trimmed = text.trimmingToxicSpaces
        let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].lowercased()
        let argument = parts.count > 1 ? String(parts[1]) : nil
        switch name {
        case "slicer":
            guard argument == nil else {
                return .failure(ToxicProblem(text: trimmed, reason: "slicer takes no argument", name: name))
            }
            return .success(.slicer)
        case "slow_close":
            guard let argument else { return .success(.slowClose()) }
            // The one duration reader checks the range before converting.
            guard let delay = DurationText.parse(argument, upTo: Self.maxSlowClose) else {
                return .failure(
                    ToxicProblem(
                        text: trimmed, reason: "slow_close takes a delay up to 600s, e.g. slow_close:2s or :500ms",
                        name: name))
            }
            return .success(.slowClose(delay))
        case "limit_data":
            guard let argument, let bytes = Int(argument), bytes >= 0 else {
                return .failure(
                    ToxicProblem(
                        text: trimmed, reason: "limit_data takes a byte count of 0 or more, e.g. limit_data:1024",
                        name: name))
            }
            return .success(.limitData(bytes))
        default:
            return .failure(
                ToxicProblem(
                    text: trimmed, reason: "toxics: " + Self.spellings.joined(separator: ", "), name: nil))
        }
    }

    /// A list as one text, `slicer,slow_close:2s` (commas or spaces), or
    /// `none`/`off` for no toxics.
    public static func parseList(_ text: String) -> Result<Toxics, ToxicProblem> {
        if LatencyChoice.noneNames.contains(text.lowercased()) { return .success(.none) }
        var toxics = Toxics.none
        for item in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            switch Self.parse(String(item)) {
            case .success(let one): toxics = toxics.with(one)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(toxics)
    }

    static func format(_ delay: Duration) -> String {
        // Clamped as `init` clamps, so that a figure set in code cannot
        // overflow here.
        let (seconds, attoseconds) = min(max(delay, .zero), Self.maxSlowClose).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}

/// Why a text is not a toxic: `reason` says what is accepted; `name` is
/// the toxic it named, if it named a known one (otherwise a suggestion
/// may help).
public struct ToxicProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var name: String?

    public var description: String {
        "'\(self.text)' is not a toxic: \(self.reason)"
    }
}

extension String {
    fileprivate var trimmingToxicSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\"" { text.removeFirst() }
        while text.last == " " || text.last == "\"" { text.removeLast() }
        return String(text)
    }
}
