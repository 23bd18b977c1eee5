/// What `/` filters the log by. Terms are separated by spaces and must all
/// match: `status:5xx` (or `status:404`, `status:4xx`), `method:POST`,
/// `endpoint:ID`, `unmatched`, `invalid` (breaks the OpenAPI description),
/// `drift` (the real API's answer breaks it);
/// any other word must appear in the path.
public struct LogFilter: Equatable, Sendable {
    public enum Term: Equatable, Sendable {
        case status(ClosedRange<Int>)
        case method(String)
        case endpoint(String)
        case unmatched
        case invalid
        case drift
        case text(String)
    }

    /// As typed, for the pane title.
    public let text: String
    public let terms: [Term]

    /// Parses the filter; a problem with a term is returned as a sentence.
    public static func parse(_ text: String) -> Result<LogFilter, Problem> {
        var terms: [Term] = []
        for word in text.split(separator: " ") {
            let lowered = word.lowercased()
            if lowered == "unmatched" {
                terms.append(.unmatched)
            } else if lowered == "invalid" {
                terms.append(.invalid)
            } else if lowered == "drift" {
                terms.append(.drift)
            } else if lowered.hasPrefix("status:") {
                let value = lowered.dropFirst(7)
                if let code = Int(value), (0...999).contains(code) {
                    terms.append(.status(code...code))
                } else if value.count == 3, value.hasSuffix("xx"), let hundreds = Int(value.prefix(1)) {
                    terms.append(.status((hundreds * 100)...(hundreds * 100 + 99)))
                } else {
                    return .failure(
                        Problem(message: "status:\(value) — write status:5xx, status:404 or status:0 (faults)"))
                }
            } else if lowered.hasPrefix("method:") {
                terms.append(.method(String(word.dropFirst(7)).uppercased()))
            } else if lowered.hasPrefix("endpoint:") {
                terms.append(.endpoint(String(word.dropFirst(9))))
            } else {
                terms.append(.text(lowered))
            }
        }
        return .success(LogFilter(text: text.trimmed { $0 == " " }, terms: terms))
    }

    public struct Problem: Error, Equatable, Sendable {
        public let message: String
    }

    public func matches(_ line: LogLine) -> Bool {
        self.terms.allSatisfy { term in
            switch term {
            case .status(let range): range.contains(line.status.code)
            case .method(let method): line.method == method
            case .endpoint(let id): line.endpointID == id
            case .unmatched: line.unmatched
            case .invalid: line.invalid != nil
            case .drift: line.drift != nil
            case .text(let text): line.searchableTarget.contains(text)
            }
        }
    }
}
