public import OpenAPIKit
public import SwitchboardModel

/// What `switchboard check SPEC --against URL` prints: a line per `GET`
/// operation (`OK`, `DRIFT:` with each violation on a line of its own,
/// `SKIPPED`, `FAILED`), then a summary. Drift and failures make the
/// command fail; skipped operations do not (the line says what to give).
public struct SpecProbeReport: Sendable {
    /// What came of one probe.
    public enum Outcome: Sendable, Equatable {
        /// The API answered; `violations` are how the answer breaks the
        /// description (`ResponseCheck`). `bodyChecked` is false when the
        /// body was too large to keep, and only status and headers were.
        case answered(status: Int, violations: [ContractViolation], bodyChecked: Bool)
        case skipped(String)
        /// No answer: the transport's error in words.
        case failed(String)
    }

    public private(set) var lines: [String] = []
    public private(set) var ok = 0
    public private(set) var drifted = 0
    public private(set) var skipped = 0
    public private(set) var failed = 0

    public init() {}

    /// The answer to `probe`'s request checked against its operation: the
    /// drift rule `live` endpoints use, in one place (`ResponseCheck`).
    /// `body` is `nil` when it was not kept whole. `alike` are the other
    /// operations described for the same method and path (Box's
    /// `/shared_items#folders` and `#web_links`): the API answers the one
    /// request one way, so an answer that keeps to any of them is no drift.
    public static func outcome(
        of probe: SpecProbe, alike: [SpecOperation] = [], status: Int, header: (String) -> String?, body: [UInt8]?,
        in components: OpenAPI.Components
    ) -> Outcome {
        func violations(_ operation: SpecOperation) -> [ContractViolation] {
            ResponseCheck.violations(status: status, header: header, body: body, against: operation, in: components)
        }
        var found = violations(probe.operation)
        if !found.isEmpty, alike.contains(where: { violations($0).isEmpty }) { found = [] }
        return .answered(status: status, violations: found, bodyChecked: body != nil)
    }

    /// Adds `probe`'s lines; `request` is what was asked (`GET /api/v3/pet/1`).
    public mutating func add(_ probe: SpecProbe, request: String, _ outcome: Outcome) {
        switch outcome {
        case .answered(let status, let violations, let bodyChecked):
            let unchecked = bodyChecked ? "" : " (body too large to check)"
            if violations.isEmpty {
                self.ok += 1
                self.lines.append("OK \(probe.name): \(request) → \(status)\(unchecked)")
            } else {
                self.drifted += 1
                self.lines.append("DRIFT: \(probe.name): \(request) → \(status)\(unchecked)")
                self.lines += violations.map { "  \($0)" }
            }
        case .skipped(let reason):
            self.skipped += 1
            self.lines.append("SKIPPED \(probe.name): \(reason)")
        case .failed(let reason):
            self.failed += 1
            self.lines.append("FAILED \(probe.name): \(request): \(reason)")
        }
    }

    /// Whether the command succeeds: no drift, no request without an answer.
    public var passed: Bool { self.drifted == 0 && self.failed == 0 }

    /// `http://…: 4 GET operations: 2 OK, 1 drifted, 1 skipped, 0 failed (3
    /// operations of other methods not requested)`.
    public func summary(against url: String, notRequested: Int) -> String {
        let total = self.ok + self.drifted + self.skipped + self.failed
        let others =
            notRequested == 0
            ? ""
            : " (\(notRequested) operation\(notRequested == 1 ? "" : "s") of other methods not requested: only GET is safe)"
        return "\(url): \(total) GET operation\(total == 1 ? "" : "s"): \(self.ok) OK, \(self.drifted) drifted, "
            + "\(self.skipped) skipped, \(self.failed) failed\(others)"
    }
}
