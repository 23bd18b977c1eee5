import Atomics
import NIOConcurrencyHelpers

/// A value made the first time it is asked for, then kept, from any
/// thread: the bodies an OpenAPI description's schemas generate
/// (`BodyContent.generated`) and the server's compiled form of them. Made
/// at start, three for each operation, those bodies were most of the time
/// a large description took to start serving (1,184 operations: 0.7 of
/// 2.0 s), for answers most runs never send.
public final class Deferred<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    /// `nil` until first asked for. Two threads asking at once: the second
    /// waits for the first's value rather than make it again.
    private let made = NIOLockedValueBox<Value?>(nil)
    /// Set once the value is made, read without the lock: asking whether it
    /// is made (an event loop deciding to wait for it elsewhere) never
    /// waits for the making.
    private let ready = ManagedAtomic(false)

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// Whether the value has been made yet; never waits.
    public var isMade: Bool {
        self.ready.load(ordering: .acquiring)
    }

    /// The value, made on the first call.
    public var value: Value {
        self.made.withLockedValue { made in
            if let made { return made }
            let value = self.make()
            made = value
            self.ready.store(true, ordering: .releasing)
            return value
        }
    }
}
