#if canImport(XCTest)
    public import XCTest

    extension XCTestCase {
        /// Starts a ``Switchboard`` for this test, serving the fixtures folder
        /// `fixtures` (relative paths from the folder of the calling test
        /// file), and stops it when the test ends (a teardown block).
        ///
        /// ```swift
        /// func testWrongPassword() async throws {
        ///     let board = try await startSwitchboard(fixtures: "Fixtures")
        ///     try await board.set("login", .error)
        /// }
        /// ```
        public func startSwitchboard(fixtures: String, filePath: String = #filePath) async throws -> Switchboard {
            self.stoppedAtTeardown(
                try await Switchboard.start(fixtures: ManifestSource.file(fixtures, besides: filePath)))
        }

        /// Starts a ``Switchboard`` serving endpoints (and, when given,
        /// scenarios) declared in code, and stops it when the test ends.
        public func startSwitchboard(
            @EndpointsBuilder endpoints: () -> [Endpoint], @ScenariosBuilder scenarios: () -> [Scenario] = { [] }
        ) async throws -> Switchboard {
            self.stoppedAtTeardown(try await Switchboard.start(endpoints: endpoints, scenarios: scenarios))
        }

        private func stoppedAtTeardown(_ board: Switchboard) -> Switchboard {
            self.addTeardownBlock { await board.stop() }
            return board
        }
    }
#endif
