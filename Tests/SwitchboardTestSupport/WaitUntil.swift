import Foundation

/// Checks `condition` every few milliseconds until it holds (true) or
/// `timeout` seconds pass (false). For server-side states that no event
/// announces, such as "the delayed request has arrived".
public func waitUntil(
    timeout: Double = 10, every interval: Duration = .milliseconds(5), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}

/// Like `waitUntil`, for a state that may last only a moment (a request in
/// flight for two seconds): the condition is checked every millisecond on a
/// thread of its own, so the moment is caught even when every concurrency
/// thread is busy with other tests and this task cannot run.
public func waitUntilSeen(timeout: Double = 10, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    (try? await onThread {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }) ?? false
}
