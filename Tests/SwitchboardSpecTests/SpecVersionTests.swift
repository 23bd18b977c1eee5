import SwitchboardSpec
import Testing

@Suite struct SpecVersionTests {
    @Test func readsOpenAPI30And31() {
        #expect(SpecVersion.of(openapi: "3.0.4", swagger: nil) == .success(.v3_0))
        #expect(SpecVersion.of(openapi: "3.1.0", swagger: nil) == .success(.v3_1))
    }

    @Test func aSwaggerDocumentGetsOneSentenceNamingWhatToDo() throws {
        guard case .failure(let problem) = SpecVersion.of(openapi: nil, swagger: "2.0") else {
            Issue.record("a Swagger 2.0 document was accepted")
            return
        }
        #expect(problem.message.contains("Swagger 2.0"))
        #expect(problem.message.contains("OpenAPI 3.0 and 3.1"))
    }

    @Test func anUnknownVersionIsNamed() {
        guard case .failure(let problem) = SpecVersion.of(openapi: "4.0.0", swagger: nil) else {
            Issue.record("OpenAPI 4.0.0 was accepted")
            return
        }
        #expect(problem.message.contains("4.0.0"))
    }
}
