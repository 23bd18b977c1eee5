import Foundation
import SwitchboardTestSupport
import Testing

/// A REST client in another language drives a resource through its life
/// against the real binary and gets what it would from a real API:
/// Python's `urllib`, statuses, `Location`, ids, bodies.
@Suite struct ResourceRESTClientTests {
    static let manifest = """
        resources:
          todos: { seed: todos.json }
        """
    static let seed = #"[{"id": 1, "title": "milk", "done": false}]"#

    /// Each step prints `STATUS LOCATION BODY` on a line of its own.
    static let client = """
        import json, sys, urllib.request, urllib.error
        base = "http://127.0.0.1:" + sys.argv[1]

        def call(method, path, body=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(base + path, data=data, method=method)
            if data is not None:
                request.add_header("Content-Type", "application/json")
            try:
                with urllib.request.urlopen(request) as response:
                    status, headers, text = response.status, response.headers, response.read().decode()
            except urllib.error.HTTPError as error:
                status, headers, text = error.code, error.headers, error.read().decode()
            print(status, headers.get("Location") or "-", text or "-")
            return json.loads(text) if text else None

        created = call("POST", "/todos", {"title": "bread"})
        call("GET", "/todos")
        call("PATCH", "/todos/%d" % created["id"], {"done": True})
        call("PUT", "/todos/%d" % created["id"], {"title": "rye", "done": False})
        call("DELETE", "/todos/1")
        call("GET", "/todos/1")
        call("POST", "/todos", {"id": 2})
        call("GET", "/todos")
        """

    @Test func pythonDrivesATodoResourceThroughCreateListUpdateDelete() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: Self.manifest, textFiles: ["todos.json": Self.seed, "client.py": Self.client])
        let serve = try await ServeProcess.start(arguments: [fixtures.path, "--port", "0", "--quiet"])
        try await serve.serving { serve in
            let run = try await Subprocess.run(
                "python3", [fixtures.url.appendingPathComponent("client.py").path, String(serve.port)])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    #"201 /todos/2 {"id":2,"title":"bread"}"#,
                    #"200 - [{"done":false,"id":1,"title":"milk"},{"id":2,"title":"bread"}]"#,
                    #"200 - {"done":true,"id":2,"title":"bread"}"#,
                    #"200 - {"done":false,"id":2,"title":"rye"}"#,
                    "204 - -",
                    #"404 - {"error":"no_such_item","message":"no item with id 1 in /todos"}"#,
                    #"409 - {"error":"item_conflict","message":"an item with id 2 already exists in /todos"}"#,
                    #"200 - [{"done":false,"id":2,"title":"rye"}]"#,
                ], "\(run.stdout)\n\(run.stderr)")
        }
    }
}
