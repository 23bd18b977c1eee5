import Dispatch
import Foundation

/// Work split over every core, its results in order.
enum OnEveryCore {
    /// `make(0)` to `make(count - 1)`, in order, made on every core when
    /// there are more than `alone` of them; each must depend on its index
    /// only, so the result is the same made in any order.
    static func map<Value: Sendable>(_ count: Int, alone: Int = 1, _ make: @Sendable (Int) -> Value) -> [Value] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard count > alone, cores > 1 else { return (0..<count).map(make) }
        let slots = UnsafeMutableBufferPointer<Value?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        // Unchecked, and safe: iteration `index` writes slot `index` alone,
        // and `concurrentPerform` returns only once every iteration has
        // (its barrier orders their writes before the reads below). The
        // alternative, a lock, is NIO's or Synchronization's (macOS 15),
        // and this target is free of NIO and built for macOS 13.
        nonisolated(unsafe) let shared = slots
        DispatchQueue.concurrentPerform(iterations: count) { index in
            shared[index] = make(index)
        }
        let values = slots.map { $0! }
        slots.deinitialize()
        return values
    }
}
