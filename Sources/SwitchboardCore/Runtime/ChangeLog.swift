/// The latest changes, oldest first, with the next sequence number.
struct ChangeLog {
    var entries: [PanelChange] = []
    var nextSequence = 1

    mutating func add(_ summary: String, origin: ChangeOrigin, time: Double) {
        self.entries.append(PanelChange(sequence: self.nextSequence, time: time, summary: summary, origin: origin))
        self.nextSequence += 1
        if self.entries.count > ControlPanel.changeLimit { self.entries.removeFirst() }
    }
}
