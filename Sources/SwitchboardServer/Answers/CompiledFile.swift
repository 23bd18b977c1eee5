import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardJSON

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

extension CompiledFile {
    /// `HTTP/1.1 200 OK`, the headers (`ResponseHeadBytes`) and the body.
    static func encode(
        status: HTTPResponseStatus, headers: HTTPHeaders, body: [UInt8], allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256 + body.count)
        ResponseHeadBytes.write(status: status, headers: headers, to: &buffer)
        buffer.writeBytes(body)
        return buffer
    }
}
