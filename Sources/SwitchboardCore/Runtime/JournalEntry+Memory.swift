import SwitchboardModel

extension JournalEntry {
    /// Heap memory this entry's own text holds: path and query, method,
    /// endpoint, latency, rejection, a missing fixture's name, the
    /// closest-endpoint notes and what breaks the OpenAPI description (the
    /// request, or the real API's answer). Its
    /// headers and bodies (`details`) are counted apart. Strings of up to
    /// 15 bytes live inside the entry and cost nothing extra; longer ones
    /// cost their bytes plus a heap header, rounded as the allocator does.
    public var textBytes: Int {
        var bytes = Self.heapBytes(self.method) + Self.heapBytes(self.target)
        bytes += Self.heapBytes(self.endpointID) + Self.heapBytes(self.latency) + Self.heapBytes(self.rejection)
        bytes += Self.heapBytes(self.missingFixture)
        bytes += Self.heapBytes(self.invalid) + Self.heapBytes(self.drift)
        if let unmatched = self.unmatched {
            bytes += Self.heapBytes(unmatched.closestID) + Self.heapBytes(unmatched.closest)
            bytes += Self.heapBytes(unmatched.reason) + Self.heapBytes(unmatched.short)
        }
        return bytes
    }

    /// What one entry costs in the journal's ring, text aside: its slot,
    /// its box and its outcome's (each counted in full in every slot,
    /// though the ring and a feed share the one, and the requests of a
    /// remembered answer the other).
    public static let slotBytes =
        MemoryLayout<JournalEntry>.stride + (16 + MemoryLayout<Fields>.stride + 16 + 15) & ~15 + Outcome.boxBytes

    /// The array's header and elements, then each one's two texts.
    private static func heapBytes(_ violations: [ContractViolation]) -> Int {
        guard !violations.isEmpty else { return 0 }
        var bytes = (32 + violations.count * MemoryLayout<ContractViolation>.stride + 15) & ~15
        for violation in violations {
            bytes += Self.heapBytes(violation.location) + Self.heapBytes(violation.message)
        }
        return bytes
    }

    private static func heapBytes(_ text: String?) -> Int {
        guard let count = text?.utf8.count, count > 15 else { return 0 }
        return (count + 32 + 15) & ~15
    }
}
