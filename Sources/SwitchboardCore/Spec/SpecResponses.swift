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
        func definition(_ kind: ResponseKind) -> ResponseDefinition {
            guard let response = Self.documented(kind, in: operation) else { return .fallback(for: kind) }
            return Self.definition(
                response, status: response.status.servedCode ?? kind.defaultStatus, document: document,
                seed: Self.seed(seed, kind))
        }
        self.success = definition(.success)
        self.error = definition(.error)
        self.serverError = definition(.serverError)
    }

    /// The documented response a mode answers with: `success` the lowest
    /// 2xx, `error` the lowest 4xx, `server_error` the lowest 5xx or else
    /// `default`; `nil` when the description documents none.
    static func documented(_ kind: ResponseKind, in operation: SpecOperation) -> SpecResponse? {
        func lowest(in hundred: Int) -> SpecResponse? {
            operation.responses.filter { $0.status.hundred == hundred }
                .min { ($0.status.servedCode ?? 0, $0.status.isRange) < ($1.status.servedCode ?? 0, $1.status.isRange) }
        }
        switch kind {
        case .success: return lowest(in: 2)
        case .error: return lowest(in: 4)
        case .serverError: return lowest(in: 5) ?? operation.responses.first { $0.status == .default }
        }
    }

    /// The seed a mode's generated body is made with.
    static func seed(_ seed: UInt64, _ kind: ResponseKind) -> UInt64 {
        seed &+ UInt64(kind.defaultStatus)
    }

    /// Which body a documented response is sent with.
    enum BodyChoice: Sendable {
        /// The example chain, else generated (`SpecMedia.body`).
        case documented
        /// A named example (`Prefer: example=NAME`).
        case example(String)
        /// Generated from the schema, examples or not (`Prefer: dynamic=true`).
        case generated
    }

    /// A documented response as the server sends it: its first JSON media
    /// type (else its first), with the body `choice` says, and the headers
    /// it documents (`SpecResponseHeaders`). The body is made when first
    /// sent or shown (`Deferred`): a large description starts serving
    /// without making thousands of bodies first.
    static func definition(
        _ response: SpecResponse, status: Int, document: SpecDocument, seed: UInt64, choice: BodyChoice = .documented
    ) -> ResponseDefinition {
        let headers = SpecResponseHeaders.fields(of: response, document: document, seed: seed)
        guard let media = response.media.first(where: \.isJSON) ?? response.media.first else {
            return ResponseDefinition(
                status: status, headers: headers, body: .fixed(FixtureBody(contentType: nil, content: .bytes([]))))
        }
        let type = media.type == "*/*" || media.type == "application/*" ? "application/json" : media.type
        let components = document.components
        let body = Deferred<[UInt8]> {
            let value: JSONValue?
            switch choice {
            case .documented: value = media.body(in: components, seed: seed)
            case .example(let name): value = media.examples.first { $0.name == name }?.value
            case .generated: value = media.schema.map { SchemaSample.value(for: $0, in: components, seed: seed) }
            }
            switch value {
            case nil: return []
            case .string(let text)? where !media.isJSON: return Array(text.utf8)
            case let value?:
                let compact = Array(value.json.utf8)
                return JSONPretty.format(compact) ?? compact
            }
        }
        return ResponseDefinition(
            status: status, headers: headers, body: .fixed(FixtureBody(contentType: type, content: .generated(body))))
    }
}

extension SpecStatus {
    /// `2XX` sorts after `200`: a code the description names wins over a range.
    fileprivate var isRange: Int {
        if case .range = self { return 1 }
        return 0
    }
}
