import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// An endpoint that another answers first for every request it matches is
/// served as before (the first answers) and named in a warning with both
/// places: `check` says it, and exits 0. (Those a description's operations
/// shadow: `DescribedUnreachableTests` in SwitchboardSpecEndpointsTests.)
@Suite struct UnreachableEndpointTests {
    /// The rule is the table's: a requirement, a more specific path or
    /// another method lets both be reached, and nothing is said.
    @Test func endpointsTheTableCanTellApartAreNotNamed() throws {
        let manifest = try MemoryFixtures(
            """
            endpoints:
              - { id: a, method: GET, path: /todos/:id }
              - { id: b, method: GET, path: /todos/:id, query: { page: "1" } }
              - { id: c, method: GET, path: /todos/new }
              - { id: d, method: POST, path: /todos/:id }
              - { id: e, method: GET, path: /todos/* }
            """
        ).load()
        #expect(manifest.warnings.isEmpty)
        #expect(EndpointTable.unreachable(manifest.endpoints).isEmpty)
    }
}
