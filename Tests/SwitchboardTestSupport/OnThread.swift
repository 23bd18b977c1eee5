import Foundation
import NIOConcurrencyHelpers

/// Runs blocking work (a curl, a socket read) on a thread of its own, so it
/// never ties up one of the few threads Swift concurrency runs tests on.
public func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// Blocking work started on a thread of its own at once, before the caller
/// awaits anything: unlike `async let … = onThread { }`, it does not wait
/// for a free concurrency thread to start, so a test that must have the
/// request in flight before its next step gets it even when the few test
/// threads are all busy.
public final class StartedWork<T: Sendable>: Sendable {
    private let state = NIOLockedValueBox<(result: Result<T, any Error>?, waiter: CheckedContinuation<T, any Error>?)>(
        (nil, nil))

    public init(_ work: @escaping @Sendable () throws -> T) {
        Thread.detachNewThread {
            let result = Result { try work() }
            let waiter = self.state.withLockedValue { state in
                state.result = result
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(with: result)
        }
    }

    /// What the work returned or threw, once it has finished.
    public var value: T {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = self.state.withLockedValue { state in
                    if state.result == nil { state.waiter = continuation }
                    return state.result
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}
