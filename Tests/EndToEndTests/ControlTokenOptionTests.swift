import Foundation
import SwitchboardTestSupport
import Testing

@testable import switchboard

/// What `--control-token` (or `SWITCHBOARD_CONTROL_TOKEN`) may be: a token
/// opens the control API to every address, so one that guards nothing —
/// empty, short, or spaces from a quoting mistake — is refused at start.
@Suite struct ControlTokenOptionTests {
    let binary = RepositoryPaths.switchboardBinary.path

    @Test func eachUnusableTokenIsNamedForWhatIsWrong() {
        let cases: [(String, String?)] = [
            (
                "",
                "is empty; a control token needs at least 16 characters, since it opens the control API to anyone who has it"
            ),
            (
                "   ",
                "is only spaces (a quoting mistake?); a control token needs at least 16 characters other than spaces"
            ),
            (
                String(repeating: " ", count: 20),
                "is only spaces (a quoting mistake?); a control token needs at least 16 characters other than spaces"
            ),
            (
                "\t\n \u{00A0}",
                "is only spaces (a quoting mistake?); a control token needs at least 16 characters other than spaces"
            ),
            (
                "fifteen-chars-x",
                "has only 15 characters; a control token needs at least 16 characters, since it opens the control API to anyone who has it"
            ),
            (" 0123456789abcdef", "begins or ends with a space (a quoting mistake?); remove the spaces around it"),
            ("0123456789abcdef\n", "begins or ends with a space (a quoting mistake?); remove the spaces around it"),
            ("0123456789abcdef", nil),
            ("0123456789 abcdef", nil),
        ]
        for (token, problem) in cases {
            #expect(ServerOptions.tokenProblem(token) == problem, "\(token.debugDescription)")
        }
    }

    @Test func aBlankTokenIsAUsageErrorFromTheOptionOrTheEnvironment() async throws {
        let blank = String(repeating: " ", count: 20)
        let option = try await Subprocess.run(self.binary, ["serve", "--port", "0", "--control-token", blank])
        #expect(option.status == 64)
        #expect(
            option.stderr.contains(
                "--control-token is only spaces (a quoting mistake?); a control token needs at least 16 characters other than spaces"
            ))
        let variable = try await Subprocess.run(
            "env", ["SWITCHBOARD_CONTROL_TOKEN=\(blank)", self.binary, "serve", "--port", "0"])
        #expect(variable.status == 64)
        #expect(variable.stderr.contains("SWITCHBOARD_CONTROL_TOKEN is only spaces"))
    }
}
