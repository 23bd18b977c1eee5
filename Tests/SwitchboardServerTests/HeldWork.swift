import NIOConcurrencyHelpers
import NIOCore

@testable import SwitchboardServer

/// Off-loop work (`OffLoopWork`) held until the test lets it go, so that
/// it sees an answer wait for it and what the loop does meanwhile. Let go
/// on the test's thread, its result completed on the (embedded) loop: no
/// thread of NIO's shared pool is held while the test waits.
final class HeldWork: OffLoopWork {
    private let held = NIOLockedValueBox<[@Sendable () -> Void]>([])

    func run<T: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        let promise = loop.makePromise(of: T.self)
        self.held.withLockedValue { $0.append { promise.completeWith(Result { try work() }) } }
        return promise.futureResult
    }

    /// How many wait.
    var waiting: Int { self.held.withLockedValue { $0.count } }

    /// Does the work that came `index`th of those waiting, and completes it.
    func release(_ index: Int = 0) {
        let work = self.held.withLockedValue { $0.remove(at: index) }
        work()
    }
}
