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

/// On a thread pool shared by the process's servers: NIO's own for bodies
/// (`bodies`), one of its own for checks against a description (`checks`).
struct ThreadPoolWork: OffLoopWork {
    let pool: NIOThreadPool

    /// NIO's pool, which the control API's heavy work and exports share.
    static let bodies = ThreadPoolWork(pool: .singleton)

    /// A pool for request and drift checks alone: a flood of requests that
    /// take a check its whole budget (a quarter of a second each in a
    /// release build) then delays other checks, never a body read from
    /// disk or the control API's work, which wait on NIO's pool. Started
    /// once, for the process's life, as NIO's own singleton is.
    static let checks: ThreadPoolWork = {
        let pool = NIOThreadPool(numberOfThreads: System.coreCount)
        pool.start()
        return ThreadPoolWork(pool: pool)
    }()

    func run<T: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        self.pool.runIfActive(eventLoop: loop, work)
    }
}

/// Done at once, on the loop: the future comes back completed, and what
/// waits on it runs before `run`'s caller goes on.
struct InPlaceWork: OffLoopWork {
    func run<T: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        loop.makeCompletedFuture(Result { try work() })
    }
}
