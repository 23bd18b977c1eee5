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
    /// No prebuilt wire bytes (they would hold the body a second time):
    /// these answers are written as a prebuilt head and the shared body.
    func uncacheable(status: HTTPResponseStatus) -> CompiledFile {
        var headers = self.headers
        for name in CacheHeaders.names { headers.remove(name: name) }
        headers.add(name: CacheHeaders.noStore.name, value: CacheHeaders.noStore.value)
        return CompiledFile(
            headers: headers, content: self.content,
            head: self.head.map { _ in HTTPResponseHead(version: .http1_1, status: status, headers: headers) },
            wire: nil)
    }

    init(headers: HTTPHeaders, content: Content, head: HTTPResponseHead?, wire: ByteBuffer?) {
        self.headers = headers
        self.content = content
        self.head = head
        self.wire = wire
    }
}
