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

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// Whether the value has been made yet.
    public var isMade: Bool {
        self.made.withLockedValue { $0 != nil }
    }

    /// The value, made on the first call.
    public var value: Value {
        self.made.withLockedValue { made in
            if let made { return made }
            let value = self.make()
            made = value
            return value
        }
    }
}
