import Foundation
public import SwitchboardControl
public import SwitchboardCore

extension RequestRecord {
    /// `entry` as the control API's `GET …/requests/{sequence}` answers it,
    /// headers and bodies included and credentials not redacted: what an
    /// in-process `Switchboard` returns, so that it and `SwitchboardClient`
    /// return one type read from one writer (`ControlJSON.entryDetails`).
    public init(unredacted entry: JournalEntry) {
        let json = ControlJSON.entryDetails(entry, redact: false)
        do {
            self = try ControlCoding.decoder().decode(RequestRecord.self, from: Data(json.utf8))
        } catch {
            // ControlContractTests hold the writer and this type together:
            // reaching here is a bug in this package, not in the caller's.
            preconditionFailure("the journal's JSON does not read as a RequestRecord: \(error)\n\(json)")
        }
    }
}
