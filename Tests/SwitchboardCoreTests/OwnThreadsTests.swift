import SwitchboardTestSupport
import Testing

/// `.ownThreads` moves a heavy test off Swift Testing's cooperative
/// threads, which the suite's socket and timer tests need free.
@Suite struct OwnThreadsTests {
    @available(macOS 15, iOS 18, *)
    @Test(.ownThreads) func aMarkedTestRunsOnThreadsOfItsOwn() {
        #expect(OwnThreads.isCurrent)
    }

    @available(macOS 15, iOS 18, *)
    @Test(.ownThreads) func aMarkedTestStaysThereAcrossAwaits() async {
        await Task.yield()
        #expect(OwnThreads.isCurrent)
    }

    @Test func anUnmarkedTestRunsWhereSwiftTestingPutsIt() {
        #expect(!OwnThreads.isCurrent)
    }
}

/// A suite marked once marks every test in it, each case on a thread of
/// its own.
@Suite(.ownThreads) struct OwnThreadsSuiteTests {
    @available(macOS 15, iOS 18, *)
    @Test(arguments: [1, 2]) func everyCaseOfAMarkedSuiteRunsThere(_ case: Int) {
        #expect(OwnThreads.isCurrent)
    }
}
