import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SwitchboardCore

/// Bodies too large to hold in memory (see `FixtureFolder.heldFileLimit`)
/// are read from disk for each request, on NIO's thread pool, and answered
/// on this connection's loop like any other: delays, bandwidth limits,
/// `truncated` and the journal's details all see ordinary bytes.
extension RequestHandler {
    func readFromDisk(
        _ path: String, _ prepared: PreparedResponse, for request: Request, context: ChannelHandlerContext
    ) {
        let loop = context.eventLoop
        DiskBodies.read(path, on: loop).assumeIsolated().whenComplete { result in
            switch self.connection.fileRead(channelOpen: context.channel.isActive) {
            case .answer:
                break
            case .clientLeft:
                // The client left (or the server stopped) while the file was read.
                self.record(request, prepared, status: .clientLeft, now: loop.now)
                return
            case .unexpected(let event):
                // Journaled all the same: shutdown waits on the in-flight count.
                self.record(request, prepared, status: .noStatusLine, now: loop.now)
                self.unexpected(event, context: context)
                return
            }
            var response = prepared
            response.diskFile = nil
            switch result {
            case .success(let body):
                response.body = body
                response.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
            case .failure(let error):
                let body = ErrorBody.buffer(.fixtureUnreadable, "Switchboard cannot read the fixture file: \(error)")
                response.status = .internalServerError
                response.headers = UnmatchedResponse.headers(length: body.readableBytes)
                response.body = body
            }
            self.answer(response, for: request, context: context)
        }
    }
}

/// Reads whole files on NIO's thread pool, off the event loops.
enum DiskBodies {
    struct ReadError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { ReadFailure(code: self.code).reason }
    }

    static func read(_ path: String, on loop: any EventLoop) -> EventLoopFuture<ByteBuffer> {
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw ReadError(code: errno) }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw ReadError(code: errno) }
            // The size now, not at load: a file replaced since is sent whole.
            var buffer = ByteBufferAllocator().buffer(capacity: Int(info.st_size))
            while true {
                if buffer.writableBytes == 0 { buffer.reserveCapacity(minimumWritableBytes: 64 * 1024) }
                var failure: Int32 = 0
                let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { room in
                    let count = Foundation.read(descriptor, room.baseAddress, room.count)
                    if count < 0 { failure = errno }
                    return Swift.max(0, count)
                }
                if failure == EINTR { continue }
                if failure != 0 { throw ReadError(code: failure) }
                if count == 0 { return buffer }
            }
        }
    }
}
