package import SwitchboardCore
import SwitchboardJSON
package import SwitchboardSpec

/// What an operation's three modes answer: `success` its lowest documented
/// 2xx, `error` its lowest 4xx, `server_error` its lowest 5xx or else its
/// `default` (as 500); Switchboard's own answer (`ResponseDefinition.fallback`)
/// where the description documents none.
package struct SpecResponses {
    package let success: ResponseDefinition
    package let error: ResponseDefinition
    package let serverError: ResponseDefinition

    package init(operation: SpecOperation, document: SpecDocument, seed: UInt64) {
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
    package static func documented(_ kind: ResponseKind, in operation: SpecOperation) -> SpecResponse? {
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
    package static func seed(_ seed: UInt64, _ kind: ResponseKind) -> UInt64 {
        seed &+ UInt64(kind.defaultStatus)
    }

    /// Which body a documented response is sent with.
    package enum BodyChoice: Sendable {
        /// The example chain (`SpecMedia.documentedExample`), else generated.
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
    package static func definition(
        _ response: SpecResponse, status: Int, document: SpecDocument, seed: UInt64, choice: BodyChoice = .documented
    ) -> ResponseDefinition {
        let headers = SpecResponseHeaders.fields(of: response, document: document, seed: seed)
        guard let media = response.media.first(where: \.isJSON) ?? response.media.first else {
            return ResponseDefinition(
                status: status, headers: headers, body: .fixed(FixtureBody(contentType: nil, content: .bytes([]))))
        }
        let type = media.type == "*/*" || media.type == "application/*" ? "application/json" : media.type
        let components = document.components
        let written = document.examples
        let body = Deferred<[UInt8]> {
            let example: JSONValue?
            switch choice {
            case .documented: example = media.documentedExample(in: components)
            case .example(let name):
                guard let named = media.examples.first(where: { $0.name == name }) else { return [] }
                example = named.value
            case .generated: example = nil
            }
            if let example {
                if case .string(let text) = example, !media.isJSON { return Array(text.utf8) }
                // The description's own value, sent as it is written: its
                // keys in order, compact, as a manifest's `json:` is.
                return Array(written.json(example).utf8)
            }
            guard let schema = media.schema else { return [] }
            let value = SchemaSample.value(for: schema, in: components, seed: seed)
            if case .string(let text) = value, !media.isJSON { return Array(text.utf8) }
            let compact = Array(value.json.utf8)
            return JSONPretty.format(compact) ?? compact
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
