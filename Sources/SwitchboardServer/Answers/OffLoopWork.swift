import NIOCore
import NIOPosix

/// Where the work an answer waits for is done when it is too slow for an
/// event loop (a body read from disk or generated, a request checked
/// against its description, a live answer checked for drift): every other
/// connection on the loop would wait for it. NIO's thread pool for a
/// server (`ThreadPoolWork`); in place on an embedded loop in tests, which
/// no other thread may touch (`InPlaceWork`); or as a test holds it.
protocol OffLoopWork: Sendable {
    /// `work`'s result, completed on `loop`.
    func run<T: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T>
}

/// On NIO's thread pool, shared by the process's servers.
struct ThreadPoolWork: OffLoopWork {
    func run<T: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        NIOThreadPool.singleton.runIfActive(eventLoop: loop, work)
    }
}

/// Done at once, on the loop: the future comes back completed, and what
/// waits on it runs before `run`'s caller goes on.
struct InPlaceWork: OffLoopWork {
    func run<T: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        loop.makeCompletedFuture(Result { try work() })
    }
}
