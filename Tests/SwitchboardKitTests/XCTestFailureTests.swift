// swift-corelibs-xctest only: its XCTestCase can be made from a closure and
// run by hand. Darwin's XCTest would use XCTExpectFailure instead.
#if canImport(XCTest) && !canImport(ObjectiveC)
    import Foundation
    import Glibc
    import SwitchboardKit
    import Testing
    import XCTest

    /// The XCTest side of the library, checked from outside: a failed
    /// verification inside an `XCTestCase` is an XCTest failure at the
    /// caller's line, and `startSwitchboard`'s teardown stops the server.
    ///
    /// The outer test is a Swift Testing one on purpose: running an
    /// XCTestCase by hand clears corelibs-xctest's "current test case"
    /// when it ends, so an outer XCTest's own assertions after it would be
    /// dropped without a word. Serialized: that "current test case" is one
    /// global, so two cases run at once would record each other's failures.
    @Suite(.serialized) struct XCTestFailureTests {
        @Test func aFailedVerificationIsAnXCTestFailureAtTheCallersLine() async throws {
            let outcome = await StrayRequestCase.runByHand()
            #expect(outcome.failureCount == 1)
            #expect(outcome.failures.count == 1, "\(outcome.failures)")
            let failure = try #require(outcome.failures.first)
            #expect(failure.file == #filePath)
            #expect(failure.line == outcome.verifyLine)
            #expect(failure.description.contains("received 1 request no endpoint answered"))
            #expect(failure.description.contains("/nope"))
        }

        @Test func teardownStopsTheServer() async throws {
            let outcome = await StrayRequestCase.runByHand()
            #expect(outcome.servedStatus == 404)
            #expect(outcome.port > 0)
            // The port may have gone to another test's server by now; what
            // matters is that a request sent there never reached this one.
            let knocks = try await outcome.board?.requests().filter { $0.path == StrayRequestCase.knockPath }
            #expect(knocks?.isEmpty == true, "the board answered after its teardown")
        }
    }

    /// An XCTestCase whose one method sends a request no endpoint answers and
    /// then verifies there was none. Its method has no `test` prefix, so the
    /// XCTest run does not pick it up; ``runByHand()`` runs it and reports
    /// what XCTest recorded.
    final class StrayRequestCase: XCTestCase {
        struct Failure: Sendable {
            var description: String
            var file: String
            var line: Int
        }

        struct Outcome: Sendable {
            var failureCount: Int
            var failures: [Failure]
            var verifyLine: Int
            var port: Int
            var servedStatus: Int?
            /// The case's board, kept alive past its teardown: a request
            /// sent to its port then must not be in its journal.
            var board: Switchboard?
        }

        private var failures: [Failure] = []
        private var verifyLine = 0
        private var port = 0
        private var servedStatus: Int?
        /// Kept so that only the teardown, not the instance's `deinit`, can
        /// have stopped the server when ``runByHand()`` knocks on its port.
        private var board: Switchboard?

        func sendsAStrayRequestAndVerifies() async throws {
            let board = try await self.startSwitchboard { Endpoint.get("/ping") }
            self.board = board
            self.port = board.port
            self.servedStatus = await AuthClient(baseURL: board.baseURL).get("/nope")
            self.verifyLine = #line + 1
            await board.verifyNoUnmatchedRequests()
        }

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            self.failures.append(Failure(description: description, file: filePath, line: lineNumber))
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }

        /// Runs the case on a thread of its own: XCTest blocks while the
        /// async method runs, and a thread outside Swift concurrency has no
        /// Swift Testing test in its task-locals, so the library takes its
        /// XCTest path as it would under `swift test`'s XCTest run.
        static func runByHand() async -> Outcome {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    let testCase = StrayRequestCase(name: "sendsAStrayRequestAndVerifies") { testCase in
                        let method = asyncTest(StrayRequestCase.sendsAStrayRequestAndVerifies)
                        try method(testCase as! StrayRequestCase)()
                    }
                    testCase.run()
                    continuation.resume(
                        returning: Outcome(
                            failureCount: testCase.testRun?.failureCount ?? -1, failures: testCase.failures,
                            verifyLine: testCase.verifyLine, port: testCase.port, servedStatus: testCase.servedStatus,
                            board: Self.knock(port: testCase.port, board: testCase.board)))
                    withExtendedLifetime(testCase) {}
                }
            }
        }

        static let knockPath = "/knock-after-teardown"

        /// Sends `knockPath` to `port` on 127.0.0.1 if anything accepts a
        /// connection there, and reads until it closes: blocking, on the
        /// thread ``runByHand()`` made for it. Returns `board`.
        private static func knock(port: Int, board: Switchboard?) -> Switchboard? {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { return board }
            defer { close(socket) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else { return board }
            let request = Array("GET \(Self.knockPath) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while buffer.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, 0) }) > 0 {}
            return board
        }
    }
#endif
