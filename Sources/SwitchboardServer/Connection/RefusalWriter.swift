import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Sends a `Refusal`, the answer to a request no endpoint will see: it is
/// journaled with why (with what was received of it and the answer), its
/// JSON error goes out, and the connection closes once that is written.
/// A refused control request is not journaled, as no control request is.
struct RefusalWriter {
    typealias Request = ConnectionStateMachine.Request

    let journal: RequestJournal

    func refuse(_ request: Request?, _ refusal: Refusal, context: ChannelHandlerContext) {
        let body = refusal.body
        let headers = refusal.headers(length: body.readableBytes)
        if request?.isControl != true {
            self.journal.record(
                JournalEntry(refused: request, refusal, answer: (headers, body), now: context.eventLoop.now))
        }
        let head = HTTPResponseHead(
            version: request?.head.version ?? .http1_1, status: refusal.status, headers: headers)
        context.write(AnswerWriter.part(.head(head)), promise: nil)
        context.write(AnswerWriter.part(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(AnswerWriter.part(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Headers that did not finish in time: no request head exists for
    /// NIO's HTTP handlers to pair an answer with, so it goes out as bytes,
    /// under the encoder.
    func refuseSlowHead(with writer: AnswerWriter, context: ChannelHandlerContext) {
        let refusal = Refusal.slowHead
        self.journal.record(JournalEntry(refused: nil, refusal, now: context.eventLoop.now))
        writer.writeRawAndClose(refusal.bytes, context: context)
    }
}
