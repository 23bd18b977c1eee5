import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

extension ControlCommandTests {
    @Test func setTakesToxicsAndNoneRemovesThem() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let set = try await self.run(
                ["set", "coinlist", "--toxic", "slicer", "--toxic", "limit_data:100"], server: server)
            #expect(set.stdout == "coinlist: success, latency none, toxics slicer,limit_data:100\n")
            #expect(server.panel.snapshot().rows[0].setting.toxics == Toxics(slicer: true, limitData: 100))
            let none = try await self.run(["set", "coinlist", "--toxic", "none"], server: server)
            #expect(none.stdout == "coinlist: success, latency none\n")
            let bad = try await self.run(["set", "coinlist", "--toxic", "slicr"], server: server)
            // One sentence with `check`'s suggestion, exit 1: not the usage.
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("'slicr' is not a toxic") && bad.stderr.contains("did you mean 'slicer'?"))
            #expect(!bad.stderr.contains("USAGE"))
        }
    }

    /// The value is checked before anything is sent, by the same reader the
    /// server uses; a delay too long for it was a trap (SIGILL) here.
    @Test func setRefusesAHugeDelayInOneSentence() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            for delay in ["99999999999999s", "1e400s", String(repeating: "9", count: 400) + "ms"] {
                let bad = try await self.run(["set", "coinlist", "--toxic", "slow_close:\(delay)"], server: server)
                #expect(bad.status == 1)
                #expect(
                    bad.stderr
                        == "switchboard: --toxic 'slow_close:\(delay)' is not a toxic: slow_close takes a delay up to 600s, e.g. slow_close:2s or :500ms\n"
                )
            }
            #expect(server.panel.snapshot().rows[0].setting.toxics == .none)
        }
    }
}
