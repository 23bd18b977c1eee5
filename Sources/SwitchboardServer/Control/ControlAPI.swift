import Foundation
import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardModel

/// The control API under `/__switchboard/` (WireMock's `/__admin` habit):
/// read and change endpoint settings, apply scenarios, read and clear the
/// journal. JSON in and out. Decides only; the handler writes.
struct ControlAPI: Sendable {
    let panel: ControlPanel
    let journal: RequestJournal
    /// `http://127.0.0.1:8080`, for absolute URLs in HAR output.
    let serverURL: String
    /// The live answers `POST …/record` writes; nil where nothing goes live.
    var answers: LiveAnswers? = nil
    /// Whether a control token is set, which the description says.
    var takesToken = false

    static let prefix = ControlRoute.prefix

    /// Whether a request target is the control API's (`/__switchboard` or
    /// below it, not `/__switchboardish`), in origin form or absolute form
    /// (`http://127.0.0.1:8080/__switchboard/…`, which must meet the access
    /// checks, not the fake API).
    static func addresses(_ uri: String) -> Bool {
        // Every request asks: an origin-form target (the usual) is read
        // over its own contiguous bytes, with no substring made.
        let origin = uri.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            bytes.first == UInt8(ascii: "/") ? Self.addresses(bytes: bytes) : nil
        }
        if let origin, let origin { return origin }
        if uri.utf8.first != UInt8(ascii: "/"), let absolute = RequestTarget.absoluteForm(Substring(uri)) {
            return self.addresses(path: absolute.path)
        }
        return self.addresses(path: Substring(uri))
    }

    private static func addresses(path: Substring) -> Bool {
        if let bytes = path.utf8.withContiguousStorageIfAvailable(Self.addresses(bytes:)) { return bytes }
        guard path.hasPrefix(Self.prefix) else { return false }
        let rest = path.utf8.dropFirst(Self.prefix.utf8.count)
        return rest.first.map { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? true
    }

    /// Compared as bytes: `hasPrefix` compares characters at a thousand
    /// instructions. The same answer: the prefix is ASCII that no other
    /// spelling is canonically equal to, and the byte after it must be
    /// ASCII too, which ends a character.
    private static func addresses(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.prefixBytes.withUnsafeBufferPointer { prefix in
            // Most targets differ at their second byte: `/__switchboard`
            // is the only one starting `/_` that most servers ever see.
            guard bytes.count >= prefix.count, bytes[1] == prefix[1],
                memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0
            else { return false }
            guard bytes.count > prefix.count else { return true }
            let next = bytes[prefix.count]
            return next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
        }
    }

    private static let prefixBytes = Array(Self.prefix.utf8)

    struct Request: Sendable {
        var method: HTTPMethod
        var target: RequestTarget
        var body: [UInt8]
    }

    struct Response: Sendable {
        var status: HTTPResponseStatus
        var body: String
        var contentType = "application/json"
        /// Headers besides the content's: `Allow` on a 405.
        var headers: [(String, String)] = []
        /// Set for the journal exports: the body is streamed from this
        /// instead of `body`.
        var export: JournalExport?
        /// Set for a call too heavy for an event loop: the answer is what
        /// this returns, worked out on NIO's thread pool.
        var later: (@Sendable () -> Response)?
        /// Set for a long poll (`?wait=`): `export` is held back until it
        /// has an entry, or this long.
        var waitUpTo: TimeAmount?

        /// A 4xx with the error body every answer shares.
        static func refusal(
            _ status: HTTPResponseStatus, _ code: ProblemCode, _ message: String, valid: [String]? = nil
        ) -> Response {
            Response(status: status, body: ErrorBody.text(code, message, valid.map { [.list("valid", $0)] } ?? []))
        }
    }

    /// Finds the request's route in the table (`ControlRoute`), or says
    /// why none: 404 for a path it lacks, 405 with `Allow` for a method.
    func handle(_ request: Request) -> Response {
        let segments = request.target.rawPath.dropFirst(Self.prefix.count).split(separator: "/").map {
            PercentDecoding.decode($0)
        }
        switch ControlRoute.match(method: request.method.rawValue, segments: segments) {
        case .route(let route, let parameters):
            return self.answer(route, parameters: parameters, request: request)
        case .methodNotAllowed(let allowed):
            var response = self.error(
                .methodNotAllowed, .methodNotAllowed,
                "\(request.method.rawValue) is not supported here; this path takes \(ControlRoute.allowHeader(allowed))"
            )
            response.headers = [("Allow", ControlRoute.allowHeader(allowed))]
            return response
        case .notFound:
            return self.error(
                .notFound, .noSuchRoute,
                "no such control route; routes: \(ControlRoute.listings.joined(separator: ", "))")
        }
    }

    /// What `route` answers: one case per row of the table, so a new route
    /// does not compile until it is answered here.
    private func answer(_ route: ControlRoute, parameters: [String], request: Request) -> Response {
        // The CLI says it is the CLI, so the log's marker can say so.
        let origin: ChangeOrigin = request.target.queryValue("by") == "cli" ? .commandLine : .controlAPI
        switch route {
        case .routes:
            return Self.json(.ok, RouteList())
        case .endpoints:
            return Self.json(
                .ok, ControlJSON.panel(self.panel.snapshot(), stats: self.journal.stats(), now: self.panel.now()))
        case .endpoint:
            return self.endpoint(parameters[0])
        case .setEndpoint:
            return self.update(parameters[0], body: request.body, origin: origin)
        case .resetEndpoint:
            return self.reset(parameters[0], origin: origin)
        case .reset:
            return self.reset(nil, origin: origin)
        case .scenarios:
            return Self.json(.ok, ControlJSON.scenarios(self.panel.snapshot()))
        case .applyScenario:
            return self.scenario(parameters[0], origin: origin)
        case .resources:
            return self.resources()
        case .resource:
            return self.items(of: parameters[0])
        case .replaceResource:
            return self.replaceItems(of: parameters[0], body: request.body)
        case .resetResource:
            guard self.panel.resources.list(of: parameters[0]) != nil else { return self.items(of: parameters[0]) }
            self.panel.resources.restore(parameters[0])
            return self.items(of: parameters[0])
        case .requests:
            return self.requests(request.target)
        case .request:
            let redact: Bool
            do { redact = try self.flag(.redact, in: request.target) ?? true } catch { return error.response }
            guard let sequence = Int(parameters[0]), let entry = self.journal.entry(sequence: sequence) else {
                return self.error(
                    .notFound, .unknownRequest,
                    "no request \(parameters[0]) in the journal (it keeps the last \(self.journal.capacity))")
            }
            return Response(status: .ok, body: ControlJSON.entryDetails(entry, redact: redact))
        case .clearRequests:
            // Freeing thousands of entries and giving the memory back to
            // the system takes a while.
            let journal = self.journal
            return Response(status: .ok, body: "") {
                let dropped = journal.clear()
                MemoryRelease.returnFreedMemory()
                return Self.json(.ok, JournalCleared(cleared: dropped))
            }
        case .record:
            return self.record(body: request.body)
        case .openAPI:
            let description = ControlDescription(
                serverURL: self.serverURL, version: SwitchboardVersion.current, token: self.takesToken)
            return Response(status: .ok, body: description.document.json)
        case .har:
            let redact: Bool
            do { redact = try self.flag(.redact, in: request.target) ?? true } catch { return error.response }
            let export = JournalExport(
                journal: self.journal, format: .har(serverURL: self.serverURL, redact: redact))
            return Response(status: .ok, body: "", export: export)
        }
    }

    /// `{"endpoints": ["login"]}`, `{"all": true}` or `{"request": 42}`:
    /// the last live answers written as fixtures (a stub for a request
    /// nothing answered), on NIO's thread pool (it writes files).
    private func record(body: [UInt8]) -> Response {
        guard let request = try? ControlCoding.decoder().decode(RecordRequest.self, from: Data(body)),
            request.isValid
        else {
            return self.error(
                .badRequest, .badBody,
                #"the body must be {"endpoints": ["id", …]}, {"all": true} or {"request": SEQUENCE}"#)
        }
        guard let answers = self.answers else {
            return self.error(.conflict, .nothingLive, "this server sends nothing live, so there is nothing to record")
        }
        let panel = self.panel
        let journal = self.journal
        return Response(status: .ok, body: "") {
            let result =
                if let sequence = request.request {
                    answers.record(request: sequence, journal: journal, panel: panel)
                } else {
                    answers.record(request.all == true ? nil : request.endpoints, panel: panel)
                }
            switch result {
            case .success(let result): return Self.json(.ok, result)
            case .failure(let refusal): return Response.refusal(.conflict, .notRecorded, refusal.message)
            }
        }
    }

    private func endpoint(_ id: String) -> Response {
        let snapshot = self.panel.snapshot()
        guard let index = snapshot.manifest.endpointIndex(id: id) else {
            return self.controlError(.unknownEndpoint(id, known: snapshot.manifest.endpoints.map(\.id)))
        }
        return Self.json(.ok, ControlJSON.endpoint(snapshot, index: index, stats: self.journal.stats()))
    }

    /// A `SettingChange` as JSON (`{"mode": "server_error", "latency":
    /// "slow", "rate_limit": "5/s", "rate_limit_key": "X-Client"}`); any key
    /// may be left out, `null` (or `none`, `off`) takes a part away.
    private func update(_ id: String, body: [UInt8], origin: ChangeOrigin) -> Response {
        let change: SettingChange
        do {
            change = try ControlCoding.decoder().decode(SettingChange.self, from: Data(body))
        } catch let problem as SettingProblem {
            return self.refusal(problem)
        } catch {
            return self.error(
                .badRequest, .badBody, #"send a JSON object, e.g. {"mode": "server_error", "latency": "slow"}"#)
        }
        do {
            try self.panel.set(endpoint: id, change, origin: origin)
        } catch {
            return self.controlError(error)
        }
        return self.endpoint(id)
    }

    /// What is wrong with a `PUT …/endpoints/{id}` body, in each key's words.
    private func refusal(_ problem: SettingProblem) -> Response {
        switch problem {
        case .unknownKeys(let unknown):
            return self.error(
                .badRequest, .unknownField,
                "unknown field \(unknown.map { "'\($0)'" }.joined(separator: ", ")); fields: \(SettingKey.names.joined(separator: ", "))"
            )
        case .badToxics(let problem):
            return self.error(.badRequest, .badToxics, problem.sentence, valid: Toxics.spellings)
        case .badText(.mode, let text):
            return self.error(.badRequest, .unknownMode, Mode.unknown(text), valid: Mode.names)
        case .notText(.mode, let shown):
            return self.unknownMode(shown)
        case .notText(.latency, let shown):
            let known = self.panel.snapshot().manifest.latencyNames
            return self.error(
                .badRequest, .unknownProfile,
                "unknown latency profile \(shown); profiles: \(known.joined(separator: ", "))",
                valid: known)
        case .badText(.rateLimit, let text):
            return self.badRateLimit("'\(text)'")
        case .notText(.rateLimit, let shown):
            return self.badRateLimit(shown)
        case .badText(.rateLimitKey, let text):
            return self.badRateLimitKey("'\(text)'")
        case .notText(.rateLimitKey, let shown):
            return self.badRateLimitKey(shown)
        case .notText(.toxics, let shown):
            return self.error(
                .badRequest, .badToxics, "toxics \(shown) is not a toxic: write e.g. \"slicer,limit_data:1024\"")
        // A key without refusal words of its own: its name and what it got.
        case .badText(let key, let text):
            return self.error(.badRequest, .badBody, "\(key.rawValue) '\(text)' is not a value \(key.rawValue) takes")
        case .notText(let key, let shown):
            return self.error(.badRequest, .badBody, "\(key.rawValue) \(shown) is not text")
        }
    }

    private func badRateLimitKey(_ shown: String) -> Response {
        self.error(
            .badRequest, .badRateLimitKey,
            "rate_limit_key \(shown) is not a header name: name a request header (e.g. \"X-Client\"), or null for one bucket"
        )
    }

    private func badRateLimit(_ shown: String) -> Response {
        let text = shown.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        return self.error(
            .badRequest, .badRateLimit,
            "rate_limit \(shown) is not a limit — \(RateLimitChoice.fix(forUnknown: text)) (or null for none)")
    }

    private func unknownMode(_ shown: String) -> Response {
        self.error(
            .badRequest, .unknownMode, "unknown mode \(shown); modes: \(Mode.names.joined(separator: ", "))",
            valid: Mode.names)
    }

    private func reset(_ id: String?, origin: ChangeOrigin) -> Response {
        do {
            try self.panel.reset(endpoint: id, origin: origin)
        } catch {
            return self.controlError(error)
        }
        if let id { return self.endpoint(id) }
        return Self.json(
            .ok, ControlJSON.panel(self.panel.snapshot(), stats: self.journal.stats(), now: self.panel.now()))
    }

    private func scenario(_ name: String, origin: ChangeOrigin) -> Response {
        do {
            try self.panel.applyScenario(named: name, origin: origin)
        } catch {
            return self.controlError(error)
        }
        let snapshot = self.panel.snapshot()
        var answer = ControlJSON.panel(snapshot, stats: self.journal.stats(), now: self.panel.now())
        // A drill whose steps were all due at once has ended already; the
        // answer still says a drill ran, not that a scenario was applied.
        let scenario = snapshot.manifest.scenarios.first { $0.name == name }
        if answer.drill == nil, let scenario, scenario.isDrill {
            answer.drill = ControlJSON.drill(name: name, steps: scenario.steps, applied: scenario.steps.count)
        }
        return Self.json(.ok, answer)
    }

    private func controlError(_ error: ControlError) -> Response {
        let refusal = error.refusal
        return self.error(
            HTTPResponseStatus(statusCode: refusal.status), refusal.code, error.description, valid: refusal.valid)
    }

    private static func json(_ status: HTTPResponseStatus, _ answer: some Encodable) -> Response {
        Response(status: status, body: ControlCoding.text(answer))
    }

    func error(_ status: HTTPResponseStatus, _ code: ProblemCode, _ message: String, valid: [String]? = nil)
        -> Response
    {
        Response.refusal(status, code, message, valid: valid)
    }
}
