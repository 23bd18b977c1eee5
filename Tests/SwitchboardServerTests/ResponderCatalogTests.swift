import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The compiled responses follow the manifest: a reload compiles the new
/// generation once (outside the lock) and swaps it in; a request still
/// holding the older snapshot gets a catalog of its own and does not swap
/// the newer one out.
@Suite struct ResponderCatalogTests {
    @Test func aReloadSwapsInTheNewGenerationAndAnOlderSnapshotDoesNotSwapItBack() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let panel = ControlPanel(manifest: manifest)
        let responder = Responder(panel: panel, journal: RequestJournal(capacity: 10))
        let old = panel.snapshot()
        #expect(responder.catalog(for: old).generation == old.generation)
        var fewer = manifest
        fewer.endpoints = Array(manifest.endpoints.prefix(2))
        panel.replaceManifest(fewer)
        let new = panel.snapshot()
        // The reload's listener compiled it already: every loop shares one.
        let current = responder.catalog(for: new)
        #expect(current.generation == new.generation && current.ids == ["coinlist", "weather"])
        #expect(responder.catalog(for: new) === current)
        let stale = responder.catalog(for: old)
        #expect(stale.generation == old.generation && stale.ids.count == manifest.endpoints.count)
        #expect(responder.catalog(for: new) === current)
    }
}
