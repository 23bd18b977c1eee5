import Foundation
import SwitchboardCore
import Testing

@testable import switchboard

#if canImport(Glibc)
    import Glibc
#endif

/// `--log FILE`: the lines reach the file, and finishing closes it, as a
/// long session that opens logs must not keep descriptors for ever.
@Suite struct JSONLinesSinkTests {
    /// Descriptors of this process open on `path`.
    static func descriptors(on path: String) -> Int {
        let folder = "/proc/self/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path }
            .count
    }

    @Test func aLogFileIsWrittenWholeAndClosedWhenFinished() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesSink.appending(to: path, redact: true)
        #expect(Self.descriptors(on: path) == 1)
        let entry = JournalEntry(
            sequence: 1, time: 0, method: "GET", target: "/a?token=secret", status: .answered(200),
            duration: .milliseconds(1), endpointID: "a", mode: .success, latency: nil)
        try sink.write([entry])
        try sink.finish()
        #expect(Self.descriptors(on: path) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.contains(#""query":"token=REDACTED""#))
        #expect(sink.written == 1)
    }

    #if canImport(Glibc)
        /// A batch goes out in one write however many lines it holds: the
        /// buffer was left to glibc, which took the file's block size (4 KB
        /// for a pipe, a terminal or a socket) whatever size was asked, and
        /// a batch of 30 KB went out in two or three writes. Written to a socket
        /// that keeps each write a message of its own, to count them.
        @Test func aBatchIsOneWrite() throws {
            var ends: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
            defer { close(ends[1]) }
            let file = try #require(fdopen(ends[0], "w"))
            let sink = JSONLinesSink(output: file, name: "test", redact: true, owned: true)
            let entries = (1...100).map { number in
                JournalEntry(
                    sequence: number, time: 0, method: "GET", target: "/data/all/coinlist", status: .answered(200),
                    duration: .milliseconds(1), endpointID: "coinlist", mode: .success, latency: nil)
            }
            try sink.write(entries)
            try sink.finish()
            var sizes: [Int] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 17)
            while case let size = recv(ends[1], &buffer, buffer.count, Int32(MSG_DONTWAIT)), size > 0 {
                sizes.append(size)
            }
            #expect(sizes.count == 1, "writes of \(sizes) bytes")
            #expect(sizes.reduce(0, +) > 8192, "a batch larger than glibc's own buffer")
            #expect(sink.written == 100)
        }
    #endif
}
