import SwitchboardCore

extension Manifest {
    /// The contract of the endpoint that decided `response`, if it was made
    /// from a description and the manifest still has it where it was
    /// decided (a reload in between may have moved or replaced it).
    func contract(of response: PreparedResponse) -> (any EndpointContract)? {
        guard let index = response.notes.decision?.endpointIndex, self.endpoints.indices.contains(index) else {
            return nil
        }
        let endpoint = self.endpoints[index]
        guard endpoint.id == response.notes.endpointID else { return nil }
        return endpoint.contract
    }
}
