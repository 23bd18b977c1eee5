import Foundation
import NIOCore
import SwitchboardCore

/// Reads whole files, on the thread that asks: NIO's thread pool for a
/// server (`LaterBody`), a URLSession worker for an in-process answer.
enum DiskBodies {
    struct ReadError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { ReadFailure(code: self.code).reason }
    }

    /// The file's bytes, read on the caller's thread (never an event loop):
    /// the path the load checked, opened without following a link put
    /// anywhere on it since (`LinkFreeOpen`).
    static func readNow(_ path: String) throws -> ByteBuffer {
        let descriptor: Int32
        switch LinkFreeOpen.plainFile(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw ReadError(code: failure.code)
        }
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
