import Foundation
import Testing

@testable import SwitchboardKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request answered by the URLProtocol is journaled with its first byte,
/// as one answered over a socket is, so the details view can say where its
/// time went: the delay, then the headers, then the body at the profile's
/// bandwidth. The figures are lower bounds the timers guarantee, not windows.
@Suite struct InProcessTimingTests {
    @Test(
        .switchboardInProcess {
            // `edge`: 300 ms before the headers, then 16 KB/s: 8 KB take 0.5 s.
            Endpoint.get("/feed", id: "feed").body(Data(count: 8 * 1024), contentType: "application/octet-stream")
                .latency("edge")
        })
    func theFirstByteComesAfterTheDelayAndBeforeTheBody() async throws {
        let board = Switchboard.current
        let (data, _) = try await board.urlSession().data(from: board.baseURL.appendingPathComponent("feed"))
        #expect(data.count == 8 * 1024)
        let entry = try #require(board.journal.entries(after: 0).entries.last)
        let firstByte = try #require(entry.firstByte, "no first byte journaled")
        #expect(firstByte >= .milliseconds(300))
        #expect(entry.duration - firstByte >= .milliseconds(490), "the body's half second after the headers")
    }

    @Test(
        .switchboardInProcess {
            Endpoint.get("/feed", id: "feed").mode(.reset)
        })
    func aFaultThatSendsNoStatusLineHasNoFirstByte() async throws {
        let board = Switchboard.current
        _ = try? await board.urlSession().data(from: board.baseURL.appendingPathComponent("feed"))
        let entry = try #require(board.journal.entries(after: 0).entries.last)
        #expect(entry.status == .noStatusLine)
        #expect(entry.firstByte == nil)
    }
}
