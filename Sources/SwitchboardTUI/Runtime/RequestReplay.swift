public import SwitchboardCore

/// What `p` does: sends a journaled request to the server again, from this
/// process. The screen knows nothing of the server: the program's wiring
/// hands in a sender that runs on the server's event loops, and the runtime
/// calls it off the screen thread.
public struct RequestReplay: Sendable {
    /// The status code the server answered with, or why there was none.
    public var send: @Sendable (RequestCopy) async -> Result<Int, ReplayError>

    public init(_ send: @escaping @Sendable (RequestCopy) async -> Result<Int, ReplayError>) {
        self.send = send
    }
}

public struct ReplayError: Error, Sendable, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
