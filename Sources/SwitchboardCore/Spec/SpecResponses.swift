import SwitchboardControl
import SwitchboardSpec

/// What an operation's three modes answer: `success` its lowest documented
/// 2xx, `error` its lowest 4xx, `server_error` its lowest 5xx or else its
/// `default` (as 500); Switchboard's own answer (`ResponseDefinition.fallback`)
/// where the description documents none.
struct SpecResponses {
    let success: ResponseDefinition
    let error: ResponseDefinition
    let serverError: ResponseDefinition

    init(operation: SpecOperation, document: SpecDocument, seed: UInt64) {
        func lowest(in hundred: Int) -> SpecResponse? {
            operation.responses.filter { $0.status.hundred == hundred }
                .min { ($0.status.servedCode ?? 0, $0.status.isRange) < ($1.status.servedCode ?? 0, $1.status.isRange) }
        }
        func definition(_ response: SpecResponse?, kind: ResponseKind) -> ResponseDefinition {
            guard let response else { return .fallback(for: kind) }
            return Self.definition(
                response, status: response.status.servedCode ?? kind.defaultStatus, document: document,
                seed: seed &+ UInt64(kind.defaultStatus))
        }
        self.success = definition(lowest(in: 2), kind: .success)
        self.error = definition(lowest(in: 4), kind: .error)
        self.serverError = definition(
            lowest(in: 5) ?? operation.responses.first { $0.status == .default }, kind: .serverError)
    }

    /// A documented response as the server sends it: its first JSON media
    /// type (else its first), with that type's example or generated body.
    static func definition(
        _ response: SpecResponse, status: Int, document: SpecDocument, seed: UInt64
    ) -> ResponseDefinition {
        guard let media = response.media.first(where: \.isJSON) ?? response.media.first else {
            return ResponseDefinition(status: status, body: .fixed(FixtureBody(contentType: nil, content: .bytes([]))))
        }
        let type = media.type == "*/*" || media.type == "application/*" ? "application/json" : media.type
        let bytes: [UInt8]
        switch media.body(in: document.components, seed: seed) {
        case nil: bytes = []
        case .string(let text)? where !media.isJSON: bytes = Array(text.utf8)
        case let value?:
            let compact = Array(value.json.utf8)
            bytes = JSONPretty.format(compact) ?? compact
        }
        return ResponseDefinition(status: status, body: .fixed(FixtureBody(contentType: type, content: .bytes(bytes))))
    }
}

extension SpecStatus {
    /// `2XX` sorts after `200`: a code the description names wins over a range.
    fileprivate var isRange: Int {
        if case .range = self { return 1 }
        return 0
    }
}
