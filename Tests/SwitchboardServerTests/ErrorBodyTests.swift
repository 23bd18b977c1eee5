import Foundation
import SwitchboardControl
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// One error body for every answer: the server's hand-written one reads
/// back as the contract's `ControlProblem`, and the codes are the ones
/// docs/control-api-and-cli.md lists in its one table.
@Suite struct ErrorBodyTests {
    @Test func theWrittenBodyReadsBackAsAControlProblem() throws {
        let text = ErrorBody.text(
            .unknownMode, "unknown mode 'x' \"quoted\"\n", [.list("valid", ["a", "b"]), .number("retry_after", 3)])
        let problem = try ControlCoding.decoder().decode(ControlProblem.self, from: Data(text.utf8))
        #expect(problem == ControlProblem(.unknownMode, "unknown mode 'x' \"quoted\"\n", valid: ["a", "b"]))
        #expect(problem.code == .unknownMode)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["retry_after"] as? Int == 3)
    }

    @Test func everyCodeIsInTheDocsTableAndTheTableHasNoOthers() throws {
        let docs = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("docs/control-api-and-cli.md"), encoding: .utf8)
        let section = try #require(docs.range(of: "### Error bodies")).upperBound
        let rows = docs[section...].split(separator: "\n").prefix { !$0.hasPrefix("#") }.filter { $0.hasPrefix("| `") }
        let documented = rows.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        #expect(documented.sorted() == ProblemCode.allCases.map(\.rawValue).sorted())
        #expect(Set(documented).count == documented.count, "each code once")
    }
}
