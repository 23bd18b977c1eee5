import Foundation
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardJSON
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The schemas written beside the contract's types (`WireSchema`) say what
/// the server sends: every control answer in a busy state — a drill
/// running, limits, toxics, a count rule, a journal of matched, unmatched,
/// refused, forced, binary and detailed requests, refusals — is valid
/// against the description's schema for it, by Python's `jsonschema`.
@Suite struct WireSchemaTests {
    static let checker = """
        import json, sys
        from jsonschema import Draft202012Validator
        document = json.load(open(sys.argv[1]))
        answers = json.load(open(sys.argv[2]))
        problem = document["components"]["responses"]["problem"]["content"]["application/json"]["schema"]
        failures = 0
        for answer in answers:
            if answer["status"] == 200:
                operation = document["paths"][answer["path"]][answer["method"]]
                schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
            elif 400 <= answer["status"] < 500:
                schema = problem
            else:
                print(answer["target"], "answered", answer["status"], "which is not described")
                failures += 1
                continue
            root = dict(document)
            root.update(schema)
            validator = Draft202012Validator(root, format_checker=Draft202012Validator.FORMAT_CHECKER)
            for error in validator.iter_errors(answer["body"]):
                where = "/".join(str(part) for part in error.absolute_path)
                print(answer["method"].upper(), answer["target"], answer["status"], where, error.message)
                failures += 1
        print(len(answers), "answers checked")
        sys.exit(1 if failures else 0)
        """

    /// Fills the journal through the fake API's wire, as clients would.
    static func busyServer() throws -> WireHarness {
        let wire = try WireHarness.demo()
        let host = "Host: 127.0.0.1\r\n"
        try wire.panel.set(endpoint: "episode", SettingChange(mode: Mode(name: "fail_first:2"), latency: nil))
        try wire.panel.set(
            endpoint: "weather",
            SettingChange(
                mode: nil, latency: nil, rateLimit: RateLimitChoice(text: "1/min"),
                rateLimitKey: RateLimitKeyChoice(text: "X-Client"), toxics: nil))
        for request in [
            "GET /weather?lat=1&lon=2 HTTP/1.1\r\n\(host)X-Client: a\r\n\r\n",
            "GET /weather?lat=1&lon=2 HTTP/1.1\r\n\(host)X-Client: a\r\n\r\n",
            "GET /episodes/1 HTTP/1.1\r\n\(host)\r\n", "GET /wether HTTP/1.1\r\n\(host)\r\n",
            "GET /data/all/coinlist HTTP/1.1\r\n\(host)Prefer: mode=server_error\r\n\r\n",
            "GET /images/kitten.jpg HTTP/1.1\r\n\(host)\r\n",
            "POST /login HTTP/1.1\r\n\(host)Content-Type: application/json\r\nAuthorization: Bearer x\r\nContent-Length: 2\r\n\r\n{}",
        ] {
            try wire.send(request)
        }
        _ = try wire.written()
        return wire
    }

    @Test(.enabled(if: PythonCheck.has("openapi-spec-validator"), PythonCheck.skipReason("jsonschema")))
    func everyAnswerInABusyStateIsValidAgainstItsSchema() async throws {
        let (answers, calls) = try Self.answers()
        // The answers this test means to reach.
        #expect(answers.contains { $0["body"]?["drill"]?["name"] == "bad-day" })
        #expect(answers.contains { $0["body"]?[1]?["rate_limited"] == "1/min" })
        #expect(answers.contains { $0["body"]?["details"]?["response_body"]?["base64"] != nil })
        #expect(answers.contains { $0["body"]?[3]?["closest"] != nil })
        let folder = try ScratchFolder("wire-schema")
        defer { folder.remove() }
        let document = ControlDescription(serverURL: "http://127.0.0.1:8080", version: "1.0", token: false).document
        try document.json.write(toFile: folder.path("openapi.json"), atomically: true, encoding: .utf8)
        try JSONValue.array(answers).json.write(toFile: folder.path("answers.json"), atomically: true, encoding: .utf8)
        let run = try await PythonCheck.run(Self.checker, [folder.path("openapi.json"), folder.path("answers.json")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\(calls) answers checked"))
    }

    /// Each call's answer with its method, target, route's path and
    /// status. Synchronous: the embedded loop stays on one thread.
    static func answers() throws -> ([JSONValue], Int) {
        let wire = try Self.busyServer()
        try wire.panel.set(
            endpoint: "coinlist",
            SettingChange(
                mode: nil, latency: nil, rateLimit: nil, rateLimitKey: nil,
                toxics: try Toxics.parseList("slicer,limit_data:1024").get()))
        let api = ControlAPI(panel: wire.panel, journal: wire.journal, serverURL: "http://127.0.0.1:8080")
        let calls: [(HTTPMethod, String, String)] = [
            (.GET, "/__switchboard", ""), (.GET, "/__switchboard/endpoints", ""),
            (.GET, "/__switchboard/endpoints/weather", ""), (.GET, "/__switchboard/endpoints/nope", ""),
            (.PUT, "/__switchboard/endpoints/login", #"{"mode":"error","latency":null}"#),
            (.PATCH, "/__switchboard/endpoints/login", #"{"colour":"red"}"#),
            (.POST, "/__switchboard/endpoints/login", #"{"mode":7}"#),
            (.POST, "/__switchboard/endpoints/weather/reset?by=cli", ""),
            (.GET, "/__switchboard/scenarios", ""), (.POST, "/__switchboard/scenarios/bad-day", ""),
            (.GET, "/__switchboard/endpoints", ""), (.POST, "/__switchboard/scenarios/nope", ""),
            (.GET, "/__switchboard/scenarios", ""), (.POST, "/__switchboard/reset", ""),
            (.GET, "/__switchboard/resources", ""), (.GET, "/__switchboard/resources/todos", ""),
            (.PUT, "/__switchboard/resources/todos", #"[{"title":"milk"}]"#),
            (.PUT, "/__switchboard/resources/todos", #"{"title":"milk"}"#),
            (.POST, "/__switchboard/resources/todos/reset", ""), (.GET, "/__switchboard/resources/nope", ""),
            (.GET, "/__switchboard/requests", ""), (.GET, "/__switchboard/requests?details=true&redact=false", ""),
            (.GET, "/__switchboard/requests?limit=x", ""), (.GET, "/__switchboard/requests/1", ""),
            (.GET, "/__switchboard/requests/6", ""), (.GET, "/__switchboard/requests/99", ""),
            (.GET, "/__switchboard/har", ""), (.POST, "/__switchboard/record", #"{"all":true}"#),
            (.POST, "/__switchboard/record", "{}"), (.GET, "/__switchboard/openapi.json", ""),
            (.DELETE, "/__switchboard/requests", ""), (.PATCH, "/__switchboard/requests", ""),
            (.GET, "/__switchboard/nope", ""),
        ]
        var answers: [JSONValue] = []
        for (method, target, body) in calls {
            var response = api.handle(
                ControlAPI.Request(method: method, target: RequestTarget(uri: target), body: Array(body.utf8)))
            if let later = response.later { response = later() }
            let text = response.export?.collect() ?? response.body
            let body = try #require(JSONValue(bytes: Array(text.utf8)), "\(method) \(target): \(text)")
            let path = target.split(separator: "?")[0]
            let segments = path.dropFirst(ControlRoute.prefix.count).split(separator: "/").map(String.init)
            var template = ""
            if case .route(let route, _) = ControlRoute.match(method: method.rawValue, segments: segments) {
                template = ControlRoute.prefix + route.declaration.path.map { "/" + $0.text }.joined()
            }
            answers.append([
                "method": .string(method.rawValue.lowercased()), "target": .string(target), "path": .string(template),
                "status": .number(Double(response.status.code)), "body": body,
            ])
        }
        return (answers, calls.count)
    }
}
