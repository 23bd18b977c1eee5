import Foundation

/// Checks `condition` every few milliseconds until it holds (true) or
/// `timeout` seconds pass (false). For server-side states that no event
/// announces, such as "the delayed request has arrived".
public func waitUntil(timeout: Double = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try await condition()
}
