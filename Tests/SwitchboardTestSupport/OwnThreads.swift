import Dispatch
import NIOCore
import NIOPosix
import Testing

/// Runs each test (each case of a parameterized one), or each test of a
/// suite, on a thread of its own rather than on Swift Testing's cooperative
/// threads. There are as many of those as cores (two on the CI machine), and
/// a test whose synchronous work takes seconds (a published description
/// decoded three ways, a schema checked to its step budget) holds one for all
/// that time. With a few such tests at once every other test's task waited:
/// a minute-long poll was never sent, a connection idled out between two
/// curls, a request head came after the server's read timeout. Marked
/// `.ownThreads`, heavy tests share the CPU with the rest instead of taking
/// their turn from them. The thread is one for the whole test, across its
/// awaits, so an `EmbeddedEventLoop` made in it is only used where it was
/// made. Task executors need macOS 15 / iOS 18; before those a marked test
/// runs where Swift Testing puts it, as an unmarked one does.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Whether the calling thread is one of `OwnThreadExecutor`'s.
    public static var isCurrent: Bool { Self.ownThread.currentValue != nil }

    final class Mark: Sendable {}
    static let ownThread = ThreadSpecificVariable<Mark>()

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            try await function()
            return
        }
        let executor = OwnThreadExecutor()
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// The test runs on a thread of its own (see `OwnThreads`).
    public static var ownThreads: Self { Self() }
}

/// The task executor `OwnThreads` prefers: one thread, started for one
/// test and ended after it.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class OwnThreadExecutor: TaskExecutor {
    private let pool = NIOThreadPool(numberOfThreads: 1)

    init() {
        self.pool.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = self.asUnownedTaskExecutor()
        self.pool.submit { _ in
            if OwnThreads.ownThread.currentValue == nil { OwnThreads.ownThread.currentValue = OwnThreads.Mark() }
            job.runSynchronously(on: executor)
        }
    }

    /// Ends the thread once the jobs given to it have run; never waits, so
    /// it may be called from that very thread.
    func finish() {
        self.pool.shutdownGracefully(queue: .global()) { _ in }
    }
}
