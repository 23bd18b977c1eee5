/// The upstream exchange as the connection's states hold it: one pointer,
/// copied on write, so the connection machine stays a value. Held inline,
/// the exchange (its answer, its relayed body, its upload) made every state
/// large and costly to copy, and the fixture answer, which never goes live,
/// paid for it at each event it passed through the machine.
struct UpstreamSlot {
    private final class Box {
        var machine: UpstreamStateMachine

        init(_ machine: UpstreamStateMachine) {
            self.machine = machine
        }
    }

    private var box: Box

    init(_ machine: UpstreamStateMachine) {
        self.box = Box(machine)
    }

    /// The exchange; changed in place while this slot is its only holder
    /// (the connection machine lets go of its state first: `.modifying`).
    var machine: UpstreamStateMachine {
        get { self.box.machine }
        _modify {
            if !isKnownUniquelyReferenced(&self.box) { self.box = Box(self.box.machine) }
            yield &self.box.machine
        }
    }
}
