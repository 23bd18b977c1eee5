import SwitchboardKit

/// Runs `body`, then stops `boards` however it ended: a `try` that throws
/// or a `#require` that fails skips a trailing `stop()`, and the server
/// would outlive its test (an `await` cannot go in a `defer`).
func stopping<Result>(_ boards: Switchboard..., body: () async throws -> Result) async throws -> Result {
    do {
        let result = try await body()
        for board in boards { await board.stop() }
        return result
    } catch {
        for board in boards { await board.stop() }
        throw error
    }
}
