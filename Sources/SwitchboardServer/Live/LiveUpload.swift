import NIOCore

/// A request body on its way to the upstream while it arrives (see
/// `ConnectionStateMachine+Upload`). The transport asks for the body once
/// its connection is ready; parts that came before that wait here (the
/// client is not read meanwhile, so there are only a read's worth).
struct LiveUpload {
    /// Writes to the upstream; `nil` until the transport asks for the body.
    var writer: (any UpstreamBodyWriter)?
    /// Completes the body for the transport: succeeded at the request's
    /// end, failed if it never comes.
    var done: EventLoopPromise<Void>?
    /// Parts that arrived before the writer.
    var waiting: [ByteBuffer] = []
    /// The request's end arrived.
    var ended = false

    /// Why an upload stopped before its end.
    struct Abandoned: Error {}
}
