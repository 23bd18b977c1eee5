import SwitchboardTestSupport
import Testing

/// `.ownThreads` moves a heavy test off Swift Testing's cooperative
/// threads, which the suite's socket and timer tests need free.
@Suite struct OwnThreadsTests {
    @Test(.ownThreads) func aMarkedTestRunsOnThreadsOfItsOwn() {
        #expect(OwnThreadExecutor.isCurrent)
    }

    @Test(.ownThreads) func aMarkedTestStaysThereAcrossAwaits() async {
        await Task.yield()
        #expect(OwnThreadExecutor.isCurrent)
    }

    @Test func anUnmarkedTestRunsWhereSwiftTestingPutsIt() {
        #expect(!OwnThreadExecutor.isCurrent)
    }
}

/// A suite marked once marks every test in it, each case on a thread of
/// its own.
@Suite(.ownThreads) struct OwnThreadsSuiteTests {
    @Test(arguments: [1, 2]) func everyCaseOfAMarkedSuiteRunsThere(_ case: Int) {
        #expect(OwnThreadExecutor.isCurrent)
    }
}
