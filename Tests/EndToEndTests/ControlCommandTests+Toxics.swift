import SwitchboardCore
import SwitchboardTestSupport
import Testing

extension ControlCommandTests {
    @Test func setTakesToxicsAndNoneRemovesThem() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let set = try await self.run(
                ["set", "coinlist", "--toxic", "slicer", "--toxic", "limit_data:100"], server: server)
            #expect(set.stdout == "coinlist: success, latency none, toxics slicer,limit_data:100\n")
            #expect(server.panel.snapshot().settings[0].toxics == Toxics(slicer: true, limitData: 100))
            let none = try await self.run(["set", "coinlist", "--toxic", "none"], server: server)
            #expect(none.stdout == "coinlist: success, latency none\n")
            let bad = try await self.run(["set", "coinlist", "--toxic", "slicr"], server: server)
            // One sentence with `check`'s suggestion, exit 1: not the usage.
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("'slicr' is not a toxic") && bad.stderr.contains("did you mean 'slicer'?"))
            #expect(!bad.stderr.contains("USAGE"))
        }
    }
}
