import NIOCore
import SwitchboardCore

/// A live request's body streamed to the upstream as it arrives. The client
/// is read no faster than the upstream takes the parts: while one is still
/// on its way, a read waits (`readRequested`), so a slow upstream slows the
/// upload through TCP and nothing piles up here. The journal keeps the start
/// of the body, as for any request; the rest is only counted.
///
/// The upstream may answer before the body is all in (a 413, say): its answer
/// is relayed at once, in `.uploading` still, and if it ends before the
/// upload does, the connection closes after it, since the rest of the body
/// was never read.
extension ConnectionStateMachine {
    mutating func uploadBodyReceived(_ buffer: ByteBuffer) -> Action {
        guard case .uploading(var request, var upstream) = self.state else {
            return .unexpected(self.unexpected("an upload's part"))
        }
        self.state = .modifying
        request.bodySize += buffer.readableBytes
        let room = capturedBodyLimit - (request.body?.readableBytes ?? 0)
        if room > 0, let slice = buffer.getSlice(at: buffer.readerIndex, length: min(room, buffer.readableBytes)) {
            // Copied: a slice would keep the decoder's whole read buffer alive.
            var body = request.body ?? ByteBuffer()
            request.body = nil
            body.writeImmutableBuffer(slice)
            request.body = body
        }
        let action = upstream.machine.bodyPartReceived(buffer)
        self.state = .uploading(request, upstream)
        return .upstream(action)
    }

    /// The transport asks for the body (see `UpstreamReceiver.bodyWriterReady`).
    mutating func uploadWriterReady(_ writer: any UpstreamBodyWriter, done: EventLoopPromise<Void>) -> Action {
        .upstream(self.withUpstream { _, upstream in upstream.writerReady(writer, done: done) } ?? .refuseWriter(done))
    }

    /// The upstream took a part (or the upload is over and it never will):
    /// whether the read held back for it may happen now.
    mutating func uploadPartTaken() -> Bool {
        guard
            let inFlight = self.withUpstream({ _, upstream in
                upstream.partTaken()
                return upstream.partsInFlight
            })
        else { return false }
        guard self.isUploading, inFlight == 0, self.readDeferred else { return false }
        self.readDeferred = false
        return true
    }
}
