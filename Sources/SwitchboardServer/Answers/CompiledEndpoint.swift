import NIOCore
import SwitchboardCore

/// One endpoint as requests are answered from it, compiled once per
/// manifest generation: its name and every response it can give, ready
/// to write (`CompiledResponse`). A request never copies a whole
/// `EndpointDefinition` to learn its name.
struct CompiledEndpoint: Sendable {
    let id: String
    let signature: String
    let success: CompiledResponse
    /// Never cached: a cached error would outlive the flip back.
    let error: CompiledResponse
    let serverError: CompiledResponse
    /// The success as `no-store`, for the answers that must not be cached
    /// (flaky, sequence, truncated, `Prefer`): the same body buffers as the
    /// success, other headers.
    let uncacheableSuccess: CompiledResponse

    /// `neverCached`: every answer uncacheable, whatever the manifest says.
    init(_ endpoint: EndpointDefinition, neverCached: Bool, allocator: ByteBufferAllocator) {
        self.id = endpoint.id
        self.signature = endpoint.signature
        let success = endpoint.response(.success)
        self.success = CompiledResponse(neverCached ? success.uncacheable : success, allocator: allocator)
        self.error = CompiledResponse(endpoint.response(.error).uncacheable, allocator: allocator)
        self.serverError = CompiledResponse(endpoint.response(.serverError).uncacheable, allocator: allocator)
        self.uncacheableSuccess = neverCached ? self.success : self.success.uncacheable()
    }

    /// The response of `kind`; a success that may not be cached comes as `no-store`.
    func response(_ kind: ResponseKind, mayBeCached: Bool = true) -> CompiledResponse {
        switch kind {
        case .success: mayBeCached ? self.success : self.uncacheableSuccess
        case .error: self.error
        case .serverError: self.serverError
        }
    }
}
