import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// A request's check against its operation (`--validate`), taken from the
/// loop to be run where `OffLoopWork` says: a value's check may take up to
/// 2,000,000 steps (`SchemaCheck`), a pattern's some 16,000,000 of its
/// own, and every other connection on the loop would wait for it.
struct RequestValidation: Sendable {
    let contract: any EndpointContract
    let target: RequestTarget
    /// The routed path's values by the endpoint's names.
    let parameters: [String: String]
    let headers: HTTPHeaders
    let body: [UInt8]

    /// How the request breaks its operation (`EndpointContract.violations`).
    func violations() -> [ContractViolation] {
        let headers = self.headers
        return self.contract.violations(
            target: self.target, parameters: self.parameters, header: { headers.first(name: $0) }, body: self.body)
    }

    /// The answer that waits for the check: journaled as it is should the
    /// client leave before the check is done.
    func pending(endpointID: String) -> PreparedResponse {
        var response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
        response.notes.endpointID = endpointID
        response.validation = self
        return response
    }
}
