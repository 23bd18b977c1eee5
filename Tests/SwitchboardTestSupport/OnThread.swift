import Foundation

/// Runs blocking work (a curl, a socket read) on a thread of its own, so it
/// never ties up one of the few threads Swift concurrency runs tests on.
public func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
