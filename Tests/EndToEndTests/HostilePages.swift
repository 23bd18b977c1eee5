/// Web pages that try what a hostile or careless page on this machine could
/// try against Switchboard. Each writes what it managed into
/// `<pre id="out">` as JSON, for `HeadlessChromium.results`.
enum HostilePages {
    /// Shared by every page: `attempt` records a status and body, `opaque`
    /// for a `no-cors` answer the page cannot see, or the error that stopped
    /// the request; `done` writes the results.
    static let prelude = """
        const results = {};
        async function attempt(name, request) {
          try {
            const response = await request();
            results[name] = response.type === "opaque" ? "opaque" : response.status + " " + await response.text();
          } catch (error) { results[name] = "blocked: " + error.name; }
        }
        function done() { document.getElementById("out").textContent = JSON.stringify(results); }
        """

    static func page(_ script: String) -> String {
        """
        <!doctype html><html><body><pre id="out">pending</pre><script>
        \(Self.prelude)
        (async () => {
        \(script)
        done();
        })();
        </script></body></html>
        """
    }

    /// From another port of this machine: every way a script can send a
    /// state-changing request without asking first (simple requests,
    /// `no-cors`), one that asks first (a JSON PUT), and reading the journal
    /// with its captured credentials.
    static func changeEverything(at target: String) -> String {
        self.page(
            """
            const target = "\(target)";
            await attempt("reset", () => fetch(target + "/__switchboard/reset", { method: "POST" }));
            await attempt("resetNoCors", () => fetch(target + "/__switchboard/reset", { method: "POST", mode: "no-cors" }));
            await attempt("scenario", () => fetch(target + "/__switchboard/scenarios/outage", { method: "POST" }));
            await attempt("scenarioNoCors",
              () => fetch(target + "/__switchboard/scenarios/outage", { method: "POST", mode: "no-cors" }));
            await attempt("put", () => fetch(target + "/__switchboard/endpoints/coins",
              { method: "PUT", headers: { "Content-Type": "application/json" }, body: '{"mode":"error"}' }));
            await attempt("putNoCors", () => fetch(target + "/__switchboard/endpoints/coins",
              { method: "PUT", mode: "no-cors", body: '{"mode":"error"}' }));
            await attempt("postEndpointNoCors", () => fetch(target + "/__switchboard/endpoints/coins",
              { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: '{"mode":"error"}' }));
            await attempt("har", () => fetch(target + "/__switchboard/har?redact=false", { credentials: "include" }));
            await attempt("requests", () => fetch(target + "/__switchboard/requests"));
            """)
    }

    /// A plain HTML form that applies a scenario as soon as it is opened.
    /// The browser shows the answer, so the dumped page is what the server
    /// said.
    static func submitForm(to action: String) -> String {
        """
        <!doctype html><html><body><form method="POST" action="\(action)"><input name="why" value="form"></form>
        <script>document.forms[0].submit();</script></body></html>
        """
    }

    /// Served by Switchboard itself and opened under a name that DNS
    /// rebinding points at 127.0.0.1: to the browser the control API is
    /// then the page's own origin, so nothing but the server stops it.
    static let rebound = page(
        """
        await attempt("har", () => fetch("/__switchboard/har?redact=false"));
        await attempt("endpoints", () => fetch("/__switchboard/endpoints"));
        await attempt("reset", () => fetch("/__switchboard/reset", { method: "POST" }));
        await attempt("scenario", () => fetch("/__switchboard/scenarios/outage", { method: "POST" }));
        """)

    /// A web app that sends cookies and reads the headers that explain a
    /// failure.
    static func readFailureHeaders(at target: String) -> String {
        self.page(
            """
            const target = "\(target)";
            const limited = await fetch(target + "/coins", { credentials: "include" });
            results.retryAfter = limited.status + " " + limited.headers.get("Retry-After");
            const denied = await fetch(target + "/login", { method: "POST", credentials: "include" });
            results.wwwAuthenticate = denied.status + " " + denied.headers.get("WWW-Authenticate");
            """)
    }
}
