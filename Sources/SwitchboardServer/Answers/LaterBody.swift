import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SwitchboardCore

/// A body an answer waits for, made on NIO's thread pool, off the event
/// loops, so that making it holds up no other connection: a file too large
/// to hold in memory, read for each request; or a body generated from a
/// description, on its first answer (a schema asking for a million items
/// takes seconds to sample). Answered then on the connection's loop like
/// any other: delays, bandwidth limits, `truncated` and the journal see
/// ordinary bytes.
enum LaterBody: Sendable {
    /// Read from this file (`FixtureFolder.heldFileLimit`).
    case file(String)
    /// Generated, and compiled with its headers, on first use; a later
    /// answer finds it made (`isMade`) and is answered at once.
    case generated(Deferred<CompiledFile>, parameters: [String: String])

    /// What a later body brings to its response.
    enum Made: Sendable {
        /// The file's bytes, as they are now (a file replaced since load is
        /// sent whole).
        case file(ByteBuffer)
        /// The body and every header its response sends.
        case generated(CompiledFile.Resolved)
    }

    /// Whether it is made already, so that waiting for it would be for nothing.
    var isMade: Bool {
        if case .generated(let deferred, _) = self { return deferred.isMade }
        return false
    }

    /// Made where `work` says (NIO's thread pool), completed on `loop`.
    func make(on loop: any EventLoop, with work: any OffLoopWork) -> EventLoopFuture<Made> {
        work.run(on: loop) { try self.makeNow() }
    }

    /// Made now, on the caller's thread (an in-process answer runs on a
    /// URLSession worker, never an event loop); throws when the file cannot
    /// be read.
    func makeNow() throws -> Made {
        switch self {
        case .file(let path): .file(try DiskBodies.readNow(path))
        case .generated(let deferred, let parameters): .generated(deferred.value.resolve(parameters: parameters))
        }
    }
}

extension PreparedResponse {
    /// This response with its later body in place.
    func filled(with made: LaterBody.Made) -> PreparedResponse {
        var response = self
        response.laterBody = nil
        switch made {
        case .file(let body):
            response.body = body
            response.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
        case .generated(let resolved):
            // Its own headers first, then those added to the response since
            // (the rate limit's).
            var headers = resolved.headers
            headers.add(contentsOf: response.headers)
            response.headers = headers
            response.body = resolved.body
            if response.headers.count == resolved.headers.count {
                response.head = resolved.head
                response.wire = resolved.wire
            }
        }
        return response
    }

    /// This response with `later` made now, on the caller's thread; the
    /// 500 saying why when the file cannot be read.
    func filled(now later: LaterBody) -> PreparedResponse {
        do {
            return self.filled(with: try later.makeNow())
        } catch {
            return self.unreadable("\(error)")
        }
    }

    /// This response as the fixture that could not be read: a 500 saying why.
    func unreadable(_ reason: String) -> PreparedResponse {
        var response = self
        response.laterBody = nil
        let body = ErrorBody.buffer(.fixtureUnreadable, "Switchboard cannot read the fixture file: \(reason)")
        response.status = .internalServerError
        response.headers = UnmatchedResponse.headers(length: body.readableBytes)
        response.body = body
        response.head = nil
        response.wire = nil
        return response
    }
}
