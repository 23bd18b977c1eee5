import SwitchboardKit

/// Runs `body`, then stops `boards` however it ended: a `try` that throws
/// or a `#require` that fails skips a trailing `stop()`, and the server
/// would outlive its test (an `await` cannot go in a `defer`). The Kit's
/// own tests and its opt-ins' share it, and nothing else from the
/// repository's test support: they use the library as an app does.
public func stopping<Result>(_ boards: Switchboard..., body: () async throws -> Result) async throws -> Result {
    do {
        let result = try await body()
        for board in boards { await board.stop() }
        return result
    } catch {
        for board in boards { await board.stop() }
        throw error
    }
}
