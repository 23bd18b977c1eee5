import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardJSON

/// Every response of one manifest, turned into ready-to-write buffers and
/// headers once, so answering a request copies nothing.
final class ResponseCatalog: Sendable {
    let generation: Int
    private let responses: [[CompiledResponse]]
    /// Each endpoint's success as `no-store`, for the answers that must not
    /// be cached (flaky, sequence, truncated, `Prefer`): the same body
    /// buffers as the success, other headers.
    private let uncacheableSuccesses: [CompiledResponse]
    /// Endpoint ids and signatures, so a request never copies a whole
    /// `EndpointDefinition` to learn its name.
    let ids: [String]
    let signatures: [String]

    /// `noStore` makes every answer uncacheable, whatever the manifest says.
    convenience init(snapshot: PanelSnapshot, noStore: Bool = false) {
        self.init(
            generation: snapshot.generation, endpoints: snapshot.manifest.endpoints[...], after: nil,
            neverCached: noStore || snapshot.manifest.cache == .noStore)
    }

    private init(
        generation: Int, endpoints: ArraySlice<EndpointDefinition>, after earlier: ResponseCatalog?, neverCached: Bool
    ) {
        self.generation = generation
        self.ids = (earlier?.ids ?? []) + endpoints.map(\.id)
        self.signatures = (earlier?.signatures ?? []) + endpoints.map(\.signature)
        let allocator = ByteBufferAllocator()
        // Errors are never cached: a cached error would outlive the flip back.
        let responses = endpoints.map { endpoint in
            ResponseKind.allCases.map { kind in
                let definition = endpoint.response(kind)
                let cacheable = kind == .success && !neverCached
                return CompiledResponse(cacheable ? definition : definition.uncacheable, allocator: allocator)
            }
        }
        let success = ResponseKind.allCases.firstIndex(of: .success)!
        self.responses = (earlier?.responses ?? []) + responses
        self.uncacheableSuccesses =
            (earlier?.uncacheableSuccesses ?? [])
            + responses.map { compiled in
                neverCached ? compiled[success] : compiled[success].uncacheable()
            }
    }

    /// This catalog with the endpoints `snapshot` has past its own (rows
    /// seen live), compiled alone: learning a row does not recompile the
    /// manifest's bodies.
    func extended(to snapshot: PanelSnapshot, noStore: Bool = false) -> ResponseCatalog {
        ResponseCatalog(
            generation: self.generation, endpoints: snapshot.manifest.endpoints[self.ids.count...], after: self,
            neverCached: noStore || snapshot.manifest.cache == .noStore)
    }

    /// The response of `kind`; a success that may not be cached comes as `no-store`.
    func response(endpoint: Int, kind: ResponseKind, mayBeCached: Bool = true) -> CompiledResponse {
        if kind == .success && !mayBeCached { return self.uncacheableSuccesses[endpoint] }
        return self.responses[endpoint][Self.kinds.firstIndex(of: kind)!]
    }

    /// `ResponseKind.allCases`, the order each endpoint's responses are
    /// kept in, made once: `allCases` builds a new array on every call.
    private static let kinds = ResponseKind.allCases
}

/// One response, ready to write: status, headers and body.
struct CompiledResponse: Sendable {
    let status: HTTPResponseStatus
    let body: CompiledBody

    init(_ definition: ResponseDefinition, allocator: ByteBufferAllocator) {
        let status = HTTPResponseStatus(statusCode: definition.status)
        self.status = status
        var headers = HTTPHeaders()
        for field in definition.headers { headers.add(name: field.name, value: field.value) }
        // Values that read the request, filled for each answer (a
        // description's header examples are data: `HeaderField.isTemplate`).
        let templates = definition.headers.compactMap { field in
            field.template.hasParameters ? (name: field.name, template: field.template) : nil
        }
        switch definition.body {
        case .fixed(let body):
            if case .generated = body.content {
                self.body = .deferred(
                    Deferred { [headers] in
                        CompiledFile(body, base: headers, templates: templates, status: status, allocator: allocator)
                    })
            } else {
                self.body = .single(
                    CompiledFile(body, base: headers, templates: templates, status: status, allocator: allocator))
            }
        case .perRequestFile(let pattern, let files):
            self.body = .perRequest(
                pattern: pattern,
                files: files.mapValues {
                    CompiledFile($0, base: headers, templates: templates, status: status, allocator: allocator)
                })
        }
    }

    /// Headers and body for a request with these parameters; `nil` when the
    /// request names a file that is not in the fixtures folder.
    func resolve(parameters: [String: String]) -> CompiledFile.Resolved? {
        switch self.body {
        case .single(let file):
            return file.resolve(parameters: parameters)
        case .deferred(let file):
            // Not made yet: made off the event loop, then answered.
            guard file.isMade else {
                return CompiledFile.Resolved(
                    headers: HTTPHeaders(), body: ByteBuffer(), later: .generated(file, parameters: parameters))
            }
            return file.value.resolve(parameters: parameters)
        case .perRequest(let pattern, let files):
            let path = String(decoding: pattern.render(parameters), as: UTF8.self)
            return files[path]?.resolve(parameters: parameters)
        }
    }

    /// The file a per-request body would be read from, for the 404 message.
    func missingFileName(parameters: [String: String]) -> String? {
        guard case .perRequest(let pattern, _) = self.body else { return nil }
        return String(decoding: pattern.render(parameters), as: UTF8.self)
    }
}

extension CompiledFile {
    /// `HTTP/1.1 200 OK`, the headers and the body, as NIO's encoder writes them.
    static func encode(
        status: HTTPResponseStatus, headers: HTTPHeaders, body: [UInt8], allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256 + body.count)
        buffer.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in headers { buffer.writeString("\(name): \(value)\r\n") }
        buffer.writeString("\r\n")
        buffer.writeBytes(body)
        return buffer
    }
}

enum CompiledBody: Sendable {
    case single(CompiledFile)
    /// Compiled on its first answer: a body generated from a description
    /// is not made until a request asks for it, so neither is this.
    case deferred(Deferred<CompiledFile>)
    case perRequest(pattern: TextTemplate, files: [String: CompiledFile])
}

/// A body and the complete headers that go with it. Static bodies carry
/// their Content-Length already; templates get theirs once filled in.
struct CompiledFile: Sendable {
    enum Content: Sendable {
        case fixed(ByteBuffer)
        case template(TextTemplate, json: Bool)
        /// Too large to hold: read from this file for each request.
        case onDisk(path: String)
    }

    let headers: HTTPHeaders
    let content: Content
    /// Header values that read the request (`{header.X}`, `{counter}`…,
    /// see `RequestValue`), filled for each request; usually none.
    let headerTemplates: [(name: String, template: TextTemplate)]
    /// The whole HTTP/1.1 response head for a fixed body, built once.
    let head: HTTPResponseHead?
    /// Status line, headers and body as they go on the wire, for fixed bodies.
    let wire: ByteBuffer?

    struct Resolved: Sendable {
        var headers: HTTPHeaders
        var body: ByteBuffer
        /// Ready for HTTP/1.1 keep-alive requests, when the body is fixed.
        var head: HTTPResponseHead?
        var wire: ByteBuffer?
        /// The body to make off the event loop; `body` is empty until then.
        var later: LaterBody?
    }

    /// `templates`: the values of `base` that read the request.
    init(
        _ body: FixtureBody, base: HTTPHeaders, templates: [(name: String, template: TextTemplate)],
        status: HTTPResponseStatus, allocator: ByteBufferAllocator
    ) {
        var headers = base
        if let type = body.contentType { headers.add(name: "Content-Type", value: type) }
        self.headerTemplates = templates
        let isJSON = ContentTypes.isJSON(body.contentType ?? base.first(name: "Content-Type"))
        switch body.content {
        case .bytes(let bytes):
            (self.content, self.head, self.wire) = Self.held(
                bytes, headers: &headers, templated: !self.headerTemplates.isEmpty, isJSON: isJSON, status: status,
                allocator: allocator)
        case .generated(let generated):
            (self.content, self.head, self.wire) = Self.held(
                generated.value, headers: &headers, templated: !self.headerTemplates.isEmpty, isJSON: isJSON,
                status: status, allocator: allocator)
        case .template(let template):
            self.content = .template(template, json: isJSON)
            self.head = nil
            self.wire = nil
        case .file(let path, _):
            self.content = .onDisk(path: path)
            self.head = nil
            self.wire = nil
        }
        self.headers = headers
    }

    /// A body held in memory: with fixed headers, its wire bytes and head
    /// made once (`headers` gets its Content-Length); with headers that
    /// read the request, a template of one literal part.
    private static func held(
        _ bytes: [UInt8], headers: inout HTTPHeaders, templated: Bool, isJSON: Bool, status: HTTPResponseStatus,
        allocator: ByteBufferAllocator
    ) -> (Content, HTTPResponseHead?, ByteBuffer?) {
        guard !templated else { return (.template(TextTemplate(parts: [.literal(bytes)]), json: isJSON), nil, nil) }
        headers.add(name: "Content-Length", value: String(bytes.count))
        let wire = Self.encode(status: status, headers: headers, body: bytes, allocator: allocator)
        // The body is the end of the wire bytes: held once, not twice.
        let body = wire.getSlice(at: wire.writerIndex - bytes.count, length: bytes.count)!
        return (.fixed(body), HTTPResponseHead(version: .http1_1, status: status, headers: headers), wire)
    }

    func resolve(parameters: [String: String]) -> Resolved {
        switch self.content {
        case .fixed(let buffer):
            return Resolved(headers: self.headers, body: buffer, head: self.head, wire: self.wire)
        case .template(let template, let json):
            let bytes = template.render(parameters, escape: json ? JSONText.escaped : { $0 })
            var headers = self.headers(parameters)
            headers.add(name: "Content-Length", value: String(bytes.count))
            return Resolved(headers: headers, body: ByteBuffer(bytes: bytes), head: nil, wire: nil)
        case .onDisk(let path):
            return Resolved(
                headers: self.headers(parameters), body: ByteBuffer(), head: nil, wire: nil, later: .file(path))
        }
    }

    /// The headers with their templates filled for this request.
    private func headers(_ parameters: [String: String]) -> HTTPHeaders {
        var headers = self.headers
        for (name, template) in self.headerTemplates {
            // One line, whatever the request sent: no header of its own.
            let value = template.render(parameters) {
                String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
            }
            headers.replaceOrAdd(name: name, value: String(decoding: value, as: UTF8.self))
        }
        return headers
    }
}
