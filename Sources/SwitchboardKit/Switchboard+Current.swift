extension Switchboard {
    @TaskLocal static var scoped: Switchboard?

    /// The instance the `.switchboard(...)` trait started for the running
    /// test, or `Switchboard.with { … }` for its block. Reading it outside
    /// both stops the test with a message saying so.
    public static var current: Switchboard {
        guard let board = Self.scoped else {
            preconditionFailure(
                "Switchboard.current is set only inside a test marked @Test(.switchboard(...)) (or its suite)"
                    + " and inside Switchboard.with { board in … }")
        }
        return board
    }

    /// Runs `body` with `self` as ``current``, then stops `self`, whether
    /// `body` returned or threw.
    package func serving<T>(_ body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await Self.$scoped.withValue(self) { try await body() }
        } catch {
            await self.stop()
            throw error
        }
        await self.stop()
        return result
    }
}
