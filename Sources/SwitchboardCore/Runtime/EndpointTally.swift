/// Hits and the last status of every endpoint since start, as the journal
/// keeps them: found by the endpoint's index in the snapshot that answered
/// rather than by hashing its id on every request.
///
/// The index is only a hint: the slot it points to is used when it holds
/// the same id (after a reload moved endpoints, or for a caller that passes
/// none, the id is looked up and the hint set again), so counts always go
/// to the id, as `byEndpoint` reports them.
struct EndpointTally {
    /// Each id's slot in `ids` and `stats`.
    private var slots: [String: Int] = [:]
    private var ids: [String] = []
    private var stats: [EndpointStats] = []
    /// The slot last used for each endpoint index, -1 for none.
    private var slotByIndex: [Int] = []

    mutating func record(id: String, index: Int?, status: JournalEntry.Status) {
        if let index, index >= 0, index < self.slotByIndex.count {
            let slot = self.slotByIndex[index]
            if slot >= 0 && self.ids[slot] == id {
                self.stats[slot].record(status: status)
                return
            }
        }
        let slot: Int
        if let known = self.slots[id] {
            slot = known
        } else {
            slot = self.ids.count
            self.slots[id] = slot
            self.ids.append(id)
            self.stats.append(EndpointStats())
        }
        if let index, index >= 0, index < Self.indexedEndpoints {
            if index >= self.slotByIndex.count {
                self.slotByIndex.append(contentsOf: repeatElement(-1, count: index + 1 - self.slotByIndex.count))
            }
            self.slotByIndex[index] = slot
        }
        self.stats[slot].record(status: status)
    }

    /// Read per screen frame and control call, not per request: built
    /// from `slots`, whose hashed layout `mapValues` keeps (no id hashed).
    var byEndpoint: [String: EndpointStats] {
        self.slots.mapValues { self.stats[$0] }
    }

    /// Indexes past this are looked up by id: a hint, not a reason to grow
    /// an array without bound.
    static let indexedEndpoints = 65_536
}
