import Dispatch
import Foundation
import NIOConcurrencyHelpers
import SwitchboardCore
import SwitchboardTestSupport
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

    /// An event loop asks whether a body is made to decide to wait for it
    /// elsewhere: the answer comes while another thread is making it.
    @Test func askingWhetherItIsMadeNeverWaitsForTheMaking() async {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let deferred = Deferred<Int> {
            started.signal()
            gate.wait()
            return 1
        }
        // Whatever happens below, the making ends.
        defer { gate.signal() }
        let making = Thread { _ = deferred.value }
        making.start()
        #expect(await waitUntil(timeout: 300) { started.wait(timeout: .now()) == .success })
        #expect(!deferred.isMade)
        gate.signal()
        #expect(await waitUntil(timeout: 300) { deferred.isMade })
        #expect(deferred.value == 1)
    }
}
