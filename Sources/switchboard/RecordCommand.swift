import ArgumentParser
import SwitchboardClient
import SwitchboardControl

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the last live answers of a running Switchboard into its fixtures.",
        discussion: """
            Each endpoint's last answer from the upstream becomes its fixture: a body file under recorded/ \
            beside the manifest, and the endpoint added to or updated in switchboard.yml (comments kept). \
            A 4xx answer is recorded as the endpoint's error response, a 5xx as its server_error. \
            --request N records the endpoint of the journal's request N (the sequence in \
            GET /__switchboard/requests); a request no endpoint matched and nothing answered live becomes a \
            stub endpoint to edit.
            """
    )

    @Argument(help: "Endpoint ids to record (a manifest id, or a live row's id such as get-episodes-id).")
    var endpoints: [String] = []

    @Flag(help: "Record every endpoint seen live.")
    var all = false

    @Option(
        name: .customLong("request"),
        help: ArgumentHelp(
            "Record the endpoint of this journal request (a stub when nothing answered it).", valueName: "sequence"))
    var request: Int?

    @OptionGroup var control: ControlOptions

    func validate() throws {
        let chosen = [!self.endpoints.isEmpty, self.all, self.request != nil].filter { $0 }.count
        if chosen != 1 {
            throw ValidationError("name the endpoints to record, or pass --all, or --request SEQUENCE")
        }
    }

    func run() async throws {
        let client = self.control.client
        let request =
            if let sequence = self.request {
                RecordRequest(request: sequence)
            } else {
                self.all ? RecordRequest(all: true) : RecordRequest(endpoints: self.endpoints)
            }
        let result = try await controlCall(client) { try await client.record(request) }
        for line in Self.lines(result) { Console.out(line) }
    }

    /// What was written and what was not, a line each (printed through
    /// `Console`: an endpoint id or a file name can come from a request's
    /// path, and a terminal acts on the control characters one may hold).
    static func lines(_ result: RecordResult) -> [String] {
        var lines = result.written.map { written in
            "\(written.endpoint): \(written.change.replacingOccurrences(of: "_", with: " ")) (\(written.response))"
                + (written.file.map { " → \($0)" } ?? "")
        }
        lines += result.skipped.map { "\($0.endpoint): not recorded: \($0.reason)" }
        if result.written.isEmpty && result.skipped.isEmpty { lines.append("no live answers to record yet") }
        if let manifest = result.manifest {
            lines.append(result.manifestChanged ? "\(manifest) updated" : "\(manifest) unchanged")
        }
        return lines
    }
}
