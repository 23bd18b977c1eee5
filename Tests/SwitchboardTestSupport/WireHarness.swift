import NIOCore
import NIOEmbedded
import SwitchboardCore

/// One client connection to the server's handlers on NIO's embedded event
/// loop: bytes in, bytes out, and a clock that only moves when the test
/// moves it. Delays, timeouts and trickled bodies are checked to the
/// millisecond without a socket and without waiting.
///
/// Not `Sendable`: an embedded channel belongs to the test that drives it.
public final class WireHarness {
    public let channel: EmbeddedChannel
    public let panel: ControlPanel
    public let journal: RequestJournal
    /// Held so the folder outlives every request answered from it.
    private let fixtures: TemporaryFixtures?

    /// `install` adds the handlers under test to the pipeline; the channel
    /// then connects from `remote`. Connections made on the same `loop`
    /// share one clock, like connections on one event loop of a server.
    public init(
        panel: ControlPanel, journal: RequestJournal, keeping fixtures: TemporaryFixtures? = nil,
        loop: EmbeddedEventLoop = EmbeddedEventLoop(), remote: String = "127.0.0.1",
        install: (ChannelPipeline.SynchronousOperations) throws -> Void
    ) throws {
        self.panel = panel
        self.journal = journal
        self.fixtures = fixtures
        self.channel = EmbeddedChannel(loop: loop)
        try install(self.channel.pipeline.syncOperations)
        self.channel.connect(to: try SocketAddress(ipAddress: remote, port: 50_000), promise: nil)
    }

    deinit {
        _ = try? self.channel.finish()
    }

    /// Delivers `text` to the server as one read.
    public func send(_ text: String) throws {
        try self.channel.writeInbound(ByteBuffer(string: text))
    }

    public func send(bytes: [UInt8]) throws {
        try self.channel.writeInbound(ByteBuffer(bytes: bytes))
    }

    /// Everything the server has written since the last call.
    public func writtenBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while var buffer = try self.channel.readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        return bytes
    }

    /// `writtenBytes` as text.
    public func written() throws -> String {
        String(decoding: try self.writtenBytes(), as: UTF8.self)
    }

    /// Sends `text` and returns what was written back at once.
    public func exchange(_ text: String) throws -> String {
        try self.send(text)
        return try self.written()
    }

    /// The complete responses written since the last read; `head` when
    /// they answer HEAD requests, which leave the body out.
    public func responses(head: Bool = false) throws -> [HTTPResult] {
        WireResponses.parse(try self.writtenBytes(), bodiless: head)
    }

    /// Sends `request` and returns the one response written back at once.
    public func response(to request: String) throws -> HTTPResult {
        try self.send(request)
        let responses = try self.responses(head: request.hasPrefix("HEAD "))
        guard responses.count == 1 else {
            throw WireResponses.Unexpected(description: "\(responses.count) responses to \(request.debugDescription)")
        }
        return responses[0]
    }

    /// Moves the event loop's clock on, running every timer that falls due.
    public func advance(by amount: TimeAmount) {
        self.channel.embeddedEventLoop.advanceTime(by: amount)
    }

    /// Whether the server has kept the connection open.
    public var isActive: Bool { self.channel.isActive }

    /// What the journal holds, oldest first.
    public var entries: [JournalEntry] { self.journal.entries(after: 0).entries }

    /// The client goes away, as a closed socket would tell the server.
    public func disconnect() {
        _ = try? self.channel.finish()
    }
}
