import SwitchboardControl
import SwitchboardCore

/// `w` on a log line, `{"request": N}` and `switchboard record --request N`:
/// one journaled request's endpoint is recorded from its last live answer,
/// and a request nothing answered becomes a stub entry the user edits.
extension LiveAnswers {
    /// Records the endpoint of request `sequence` of `journal`. Writes
    /// files: call it off the event loops.
    func record(request sequence: Int, journal: RequestJournal, panel: ControlPanel) -> Result<
        RecordResult, RecordRefusal
    > {
        guard let entry = journal.entry(sequence: sequence) else {
            return .failure(
                RecordRefusal(
                    message: "no request \(sequence) in the journal (it keeps the last \(journal.capacity))"))
        }
        if let rejection = entry.rejection {
            return .failure(
                RecordRefusal(
                    message: "request \(sequence) was refused before any endpoint saw it (\(rejection)),"
                        + " so there is nothing to record"))
        }
        if let id = entry.endpointID {
            // A row learned from a request whose live call failed, with no
            // answer kept since: nothing answered it, so it becomes a stub
            // under the row's id and grouped path.
            let snapshot = panel.snapshot()
            if self.answer(for: id) == nil, let index = snapshot.manifest.endpointIndex(id: id),
                index >= snapshot.seenLive.offset
            {
                let row = snapshot.manifest.endpoints[index]
                return self.stub(method: row.method, pattern: row.path, id: row.id, panel: panel)
            }
            // Answered by an endpoint (declared or seen live): that
            // endpoint's last live answer, as `w` on its row records it.
            return self.record([id], panel: panel)
        }
        let method = entry.method.uppercased()
        let pattern = PathGrouping.pattern(for: RequestTarget(uri: entry.target))
        let key = PathGrouping.endpointID(method: method, pattern: pattern)
        // Live without a row (past the rows' limit): its kept answer.
        if self.answer(for: key) != nil { return self.record([key], panel: panel) }
        return self.stub(method: method, pattern: pattern, id: key, panel: panel)
    }

    /// Writes a stub entry for a request nothing answered.
    private func stub(method: String, pattern: PathPattern, id: String, panel: ControlPanel) -> Result<
        RecordResult, RecordRefusal
    > {
        let stub = RecordedExchange(method: method, pattern: pattern, suggestedID: id, existingID: nil, answer: .stub)
        return self.write([stub], skipped: [], panel: panel).map { result in
            var result = result
            for index in result.written.indices where result.written[index].change == "added" {
                result.written[index].change = "stub"
            }
            return result
        }
    }
}
