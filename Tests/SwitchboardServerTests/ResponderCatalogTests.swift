import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The compiled responses follow the manifest: a reload compiles the new
/// generation once, on the reloading thread, and publishes it with its
/// snapshot; requests only read what was published, and a settings change
/// compiles nothing.
@Suite struct ResponderCatalogTests {
    @Test func aReloadCompilesOnceAndRequestsOnlyReadIt() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let panel = ControlPanel(manifest: manifest)
        let responder = Responder(panel: panel, journal: RequestJournal(capacity: 10))
        #expect(responder.compiles.load(ordering: .relaxed) == 1)
        var fewer = manifest
        fewer.endpoints = Array(manifest.endpoints.prefix(2))
        panel.replaceManifest(fewer)
        #expect(responder.compiles.load(ordering: .relaxed) == 2)
        let ready = responder.current
        #expect(ready.snapshot.version == panel.version)
        #expect(
            ready.catalog.generation == ready.snapshot.generation
                && ready.catalog.endpoints.map(\.id) == ["coinlist", "weather"])
        // A settings change publishes a new snapshot with the same responses.
        try panel.set(endpoint: "coinlist", SettingChange(mode: .serverError))
        #expect(responder.current.snapshot.version == panel.version)
        #expect(responder.current.catalog === ready.catalog)
        #expect(responder.compiles.load(ordering: .relaxed) == 2)
    }
}
