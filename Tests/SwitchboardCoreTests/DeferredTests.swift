import NIOConcurrencyHelpers
import SwitchboardCore
import Testing

/// `Deferred` makes its value once, when first asked for, however many
/// threads ask at once.
@Suite struct DeferredTests {
    @Test func nothingIsMadeUntilAskedAndThenOnlyOnce() async {
        let makes = NIOLockedValueBox(0)
        let deferred = Deferred<[UInt8]> {
            makes.withLockedValue { $0 += 1 }
            return Array("made".utf8)
        }
        #expect(!deferred.isMade)
        #expect(makes.withLockedValue { $0 } == 0)
        let values = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<64 { group.addTask { deferred.value } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.count == 64)
        #expect(values.allSatisfy { $0 == Array("made".utf8) })
        #expect(deferred.isMade)
        #expect(makes.withLockedValue { $0 } == 1)
    }
}
