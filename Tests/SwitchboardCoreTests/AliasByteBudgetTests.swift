import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The alias budget counts the text an expansion produces, not only its
/// values: one 100 KB string aliased 20,000 times is 20,000 values but
/// 2 GB, which took `check` past 800 MB and a reload's server down.
///
/// The bombs here are modest (a MiB aliased a dozen times): over the 10 MB
/// budget, so that a regression shows as a refusal missing, not as a test
/// that allocates gigabytes.
@Suite struct AliasByteBudgetTests {
    static let mebibyte = 1024 * 1024

    /// One plain string of `bytes` anchored in an inline JSON body, then
    /// aliased `aliases` times, each alias on a line of its own: the first
    /// alias is on line 9, after `written` bytes of text written out.
    static func textBomb(bytes: Int, aliases: Int, written: Int = 0) -> String {
        """
        endpoints:
          - id: big
            method: GET
            path: /big
            success:
              json:
                - &big \(String(repeating: "x", count: bytes))
                - \(String(repeating: "y", count: written))

        """ + Array(repeating: "        - *big", count: aliases).joined(separator: "\n") + "\n"
    }

    @Test(.ownThreads) func aStringAliasedPastTenMBIsRefusedAtTheAliasThatPassesIt() throws {
        let found = try manifestProblems(Self.textBomb(bytes: Self.mebibyte, aliases: 12))
        // Ten aliases of a MiB are 10 MB exactly; the eleventh passes it.
        #expect(
            found == [
                "19:11: the YAML aliases here expand to more than 10MB of text — write the value out, or nest fewer aliases (*name) inside anchors (&name)"
            ])
    }

    @Test(.ownThreads) func aStringAliasedUpToTenMBLoads() throws {
        let fixtures = MemoryFixtures(Self.textBomb(bytes: Self.mebibyte, aliases: 10))
        #expect(try self.bodySize(fixtures.load()) > 11 * Self.mebibyte)
    }

    /// The budget is the manifest's size when that is larger.
    @Test(.ownThreads) func aLargerManifestMayExpandToItsOwnSize() throws {
        let fixtures = try TemporaryFixtures(
            manifest: Self.textBomb(bytes: Self.mebibyte, aliases: 11, written: 12 * Self.mebibyte))
        #expect(try self.bodySize(ManifestLoader.load(directory: fixtures.path)) > 24 * Self.mebibyte)
    }

    func bodySize(_ manifest: Manifest) -> Int {
        guard case .fixed(let body) = manifest.endpoints[0].success.body, case .bytes(let bytes) = body.content else {
            Issue.record("an inline json: value is a fixed body")
            return 0
        }
        return bytes.count
    }

    /// Values written out, however long, are the manifest's own size.
    @Test(.ownThreads) func textWrittenOutNeverCountsAgainstTheBudget() throws {
        let long = String(repeating: "y", count: 11 * Self.mebibyte)
        #expect(try manifestProblems("endpoints:\n  - { method: GET, path: /a, success: { json: [\(long)] } }\n") == [])
    }
}
