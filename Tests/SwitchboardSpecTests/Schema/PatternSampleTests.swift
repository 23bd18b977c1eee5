import OpenAPIKit
import Testing

@testable import SwitchboardSpec

/// A pattern's string is written within the sampler's steps, the
/// `SchemaChecker`'s 2,000,000 that the whole value shares: counted as
/// values, not timed.
@Suite struct PatternSampleTests {
    static func checker() -> SchemaChecker {
        SchemaChecker(references: SchemaReferences(components: .noComponents), bounded: true)
    }

    static func string(_ pattern: String, length: Int = 0, _ checker: SchemaChecker) -> String? {
        PatternSample.string(matching: pattern, length: length, draw: SampleDraw(seed: 1), checker: checker)
    }

    @Test func aStringIsWrittenOnlyWhileTheValueHasSteps() {
        let checker = Self.checker()
        #expect(Self.string("^[a-z]+$", length: 65_536, checker)?.unicodeScalars.count == 65_536)
        #expect(!checker.exhausted)
        // All but a hundred steps spent: 65,536 characters take some 8,000.
        let spent = Self.checker()
        spent.spend(SchemaChecker.stepLimit - 100)
        #expect(Self.string("^[a-z]+$", length: 65_536, spent) == nil)
        #expect(spent.exhausted)
    }

    /// Groups that write nothing, repeated a trillion times: the writer
    /// gives up at its own count of parts, and the value keeps its steps.
    @Test func emptyGroupsRepeatedWithoutEndAreGivenUpWithinTheSteps() {
        let checker = Self.checker()
        #expect(Self.string("^(((?:){10000}){10000}){10000}$", checker) == nil)
        #expect(!checker.exhausted)
        #expect(Self.string("^(a{100}){100}$", checker)?.count == 10_000)
    }
}
