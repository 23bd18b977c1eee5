import Foundation

/// Polls `condition` until it holds or `timeout` passes. For things no event
/// announces (a tmux pane's contents); anything awaitable should be awaited.
public func eventually(
    timeout: Double = 10, every interval: Double = 0.05, _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: interval)
    }
    return try condition()
}
