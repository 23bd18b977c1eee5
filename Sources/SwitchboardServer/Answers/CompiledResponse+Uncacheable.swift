import NIOCore
import NIOHTTP1
import SwitchboardCore

extension CompiledResponse {
    /// The same response with `Cache-Control: no-store` in place of any
    /// caching headers, sharing the body bytes: a second copy of every
    /// success body would double what a manifest holds in memory.
    func uncacheable() -> CompiledResponse {
        switch self.body {
        case .single(let file):
            CompiledResponse(status: self.status, body: .single(file.uncacheable(status: self.status)))
        case .deferred(let file):
            CompiledResponse(
                status: self.status,
                body: .deferred(Deferred { [status = self.status] in file.value.uncacheable(status: status) }))
        case .perRequest(let pattern, let files):
            CompiledResponse(
                status: self.status,
                body: .perRequest(pattern: pattern, files: files.mapValues { $0.uncacheable(status: self.status) }))
        }
    }

    init(status: HTTPResponseStatus, body: CompiledBody) {
        self.status = status
        self.body = body
    }
}

extension CompiledFile {
    /// The largest body whose no-store answer also gets its own wire bytes.
    /// Up to this size a second copy costs little memory, and it saves
    /// encoding the head per request: flaky, sequence and count-rule
    /// endpoints answer their successes as fast as plain ones.
    static let uncacheableWireLimit = 16 * 1024

    /// Above `uncacheableWireLimit`, no prebuilt wire bytes (they would hold
    /// the body a second time): those answers are written as a prebuilt head
    /// and the shared body.
    func uncacheable(status: HTTPResponseStatus) -> CompiledFile {
        var headers = self.headers
        for name in CacheHeaders.names { headers.remove(name: name) }
        headers.add(name: CacheHeaders.noStore.name, value: CacheHeaders.noStore.value)
        var wire: ByteBuffer?
        if case .fixed(let body) = self.content, self.wire != nil, body.readableBytes <= Self.uncacheableWireLimit {
            wire = Self.encode(
                status: status, headers: headers, body: Array(body.readableBytesView), allocator: ByteBufferAllocator())
        }
        return CompiledFile(
            headers: headers, content: self.content,
            head: self.head.map { _ in HTTPResponseHead(version: .http1_1, status: status, headers: headers) },
            wire: wire, headerTemplates: self.headerTemplates)
    }

    init(
        headers: HTTPHeaders, content: Content, head: HTTPResponseHead?, wire: ByteBuffer?,
        headerTemplates: [(name: String, template: TextTemplate)] = []
    ) {
        self.headers = headers
        self.headerTemplates = headerTemplates
        self.content = content
        self.head = head
        self.wire = wire
    }
}
