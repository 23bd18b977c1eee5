import NIOCore
import NIOHTTP1
import NIOPosix
import SwitchboardCore

/// Journal exports (`/har`, `/requests`) go out in chunks: each is made on
/// NIO's thread pool, written on the event loop, and the next is made only
/// once that one is written. The loop never builds the document, and the
/// memory it takes is a chunk or two, however large the journal and however
/// slowly the client reads.
extension ControlExchange {
    func stream(_ export: JournalExport) {
        let (request, context) = (self.request, self.context)
        // HTTP/1.0 knows no chunks: the body ends when the connection does.
        let chunked = request.head.version != .http1_0
        let keepAlive = request.keepAlive && chunked
        var headers = HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")])
        if chunked { headers.add(name: "Transfer-Encoding", value: "chunked") }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        // (Only GET reaches here: the control API answers HEAD with 405.)
        let head = HTTPResponseHead(version: request.head.version, status: .ok, headers: headers)
        context.write(AnswerWriter.part(.head(head)), promise: nil)
        self.sendChunk(of: export, from: export.start(), keepAlive: keepAlive)
    }

    private func sendChunk(of export: JournalExport, from cursor: JournalExport.Cursor, keepAlive: Bool) {
        let context = self.context
        let made = NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) {
            var cursor = cursor
            let bytes = export.next(&cursor)
            return (ByteBuffer(bytes: bytes), cursor)
        }
        made.assumeIsolated().whenComplete { result in
            guard case .success(let (chunk, next)) = result else {
                context.close(promise: nil)
                return
            }
            context.writeAndFlush(AnswerWriter.part(.body(.byteBuffer(chunk)))).assumeIsolated().whenComplete {
                written in
                // A client that went away ends the export.
                guard case .success = written else { return }
                if next.finished {
                    self.writer.writeEnd(keepAlive: keepAlive, context: context)
                } else {
                    self.sendChunk(of: export, from: next, keepAlive: keepAlive)
                }
            }
        }
    }
}
