import Foundation

/// Runs blocking work (binding a socket, waiting for event loops to stop) on
/// a thread of its own, so that it never holds one of the few threads Swift
/// concurrency runs tests on.
func onOwnThread<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: Result { () throws(E) in try work() })
        }
    }
    return try result.get()
}
