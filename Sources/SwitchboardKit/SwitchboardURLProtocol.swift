import NIOConcurrencyHelpers
import SwitchboardCore
import SwitchboardServer

// `URLProtocol` and `URLRequest` are FoundationNetworking's on Linux,
// Foundation's on Apple platforms: the public import follows them.
#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Answers a `URLSession`'s requests inside the process, with no port: the
/// technique of OHHTTPStubs, URLMock and hand-written `URLProtocol`s, fed by
/// the same engine as the server — the manifest, modes, scenarios,
/// `Prefer`, flaky draws, latency and bandwidth — and journaled in the same
/// journal, so `requests(_:)` and `verifyNoUnmatchedRequests()`
/// see its traffic like the server's.
///
/// Get a session that uses it from the instance:
///
/// ```swift
/// let board = try await Switchboard.inProcess(fixtures: "Fixtures")
/// let client = CoinClient(baseURL: board.baseURL, session: board.urlSession())
/// ```
///
/// or add it to a configuration of your own:
/// `configuration.protocolClasses = [SwitchboardURLProtocol.self]`. It takes
/// the requests whose URL's host and port are a running instance's
/// ``Switchboard/baseURL`` (each instance has its own, so tests running in
/// parallel stay apart) and leaves every other request to the next protocol.
///
/// Faults fail the task with the `URLError` codes the real server gives
/// `URLSession` (measured on Linux; see `FaultErrors`); delays, bandwidth
/// and the client's timeout (the shorter of the request's and the session's) are timers,
/// never a sleeping thread.
///
/// What it cannot do, and why:
/// - `live` needs the network: a `live` endpoint answers 502 saying so.
/// - Redirects are handed to the client as they are (the 3xx response),
///   not followed.
/// - The client callbacks come from a serial queue of the protocol's own,
///   not from the thread that called `startLoading`: swift-corelibs-foundation
///   (Linux) calls `startLoading` from a dispatch queue with no run loop to
///   go back to. Apple's `URLSession` accepts callbacks from any thread, as
///   the common test stubs rely on; that was not tried here (no Mac).
/// - No connection, so none of the socket's quirks: a fault always behaves
///   as on a fresh connection (see "Fast failures on Linux" in docs/testing-library.md).
public final class SwitchboardURLProtocol: URLProtocol {
    /// What the timers hold on to. `URLProtocol` is not `Sendable` (and a
    /// subclass cannot be made so), but the system sets `request` and
    /// `client` before `startLoading` and never changes them, and everything
    /// this class changes lives in `state`, behind a mutex: safe to use from
    /// `queue`.
    private struct Owner: @unchecked Sendable {
        let loading: SwitchboardURLProtocol
    }

    private let state = NIOLockedValueBox(Loading())
    private let queue = DispatchQueue(label: "SwitchboardURLProtocol")

    private struct Loading: Sendable {
        var answers: InProcessAnswers?
        var answer: InProcessAnswer?
        /// Finished, failed or stopped: nothing more goes to the client.
        var over = false
        /// When the client last heard something, for its timeout.
        var lastEvent = DispatchTime.now()
        /// The client's timeout: how long it waits with nothing heard.
        var timeout: TimeInterval = 60
    }

    /// Takes requests to a running instance's host and port.
    override public class func canInit(with request: URLRequest) -> Bool {
        guard let url = request.url else { return false }
        return InProcessRegistry.answers(authority: Self.authority(of: url)) != nil
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override public func startLoading() {
        let request = self.request
        guard let url = request.url, let answers = InProcessRegistry.answers(authority: Self.authority(of: url))
        else {
            // Stopped between `canInit` and now: as a server that is gone.
            let owner = Owner(loading: self)
            self.queue.async { owner.loading.fail(.cannotConnectToHost) }
            return
        }
        let method = request.httpMethod ?? "GET"
        let target = Self.target(of: url)
        guard !InProcessAnswers.isControl(target) else {
            // Answered off this thread: an export is collected, a long poll waited out.
            let owner = Owner(loading: self)
            let body = Self.body(of: request)
            Task {
                let answer = await answers.control(method: method, target: target, body: body)
                owner.loading.begin(answer, answers: answers)
            }
            return
        }
        let answer = answers.answer(
            method: method, target: target, headers: Self.headers(of: request), body: Self.body(of: request))
        self.begin(answer, answers: answers)
    }

    /// Starts delivering `answer`, one step of its script at a time.
    private func begin(_ answer: InProcessAnswer, answers: InProcessAnswers) {
        let start = DispatchTime.now()
        let timeout = Self.timeout(request: request, session: Self.sessionTimeout(of: self.task))
        self.state.withLockedValue { state in
            state.answers = answers
            state.answer = answer
            state.lastEvent = start
            state.timeout = timeout
        }
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation keeps only the last `didLoad` of a
            // task with a completion handler (and so of `data(for:)`): its
            // protocol client sets `properties[.responseData] = data` each
            // time. So the body goes in one piece, when its last byte would
            // have arrived: the same end time, no progress on the way.
            let delivery = answer.delivery(wholeBody: true)
        #else
            let delivery = answer.delivery(wholeBody: false)
        #endif
        self.run(delivery, start: start)
    }

    override public func stopLoading() {
        // Called after a finish too; only a task still under way is a client that left.
        let left = self.state.withLockedValue { state -> (InProcessAnswers, InProcessAnswer)? in
            guard !state.over else { return nil }
            state.over = true
            guard let answers = state.answers, let answer = state.answer else { return nil }
            return (answers, answer)
        }
        if let (answers, answer) = left { answers.record(answer, clientLeft: true) }
    }

    /// Takes the delivery's next step when it is due, then the one after.
    private func run(_ delivery: InProcessDelivery, start: DispatchTime) {
        var delivery = delivery
        guard let next = delivery.next() else { return }
        let rest = delivery
        if next.step == .stall {
            // Nothing ever comes: the request's own timeout ends it.
            self.at(.distantFuture) {}
            return
        }
        let owner = Owner(loading: self)
        self.at(start + Self.interval(next.at), timed: next.silent) {
            // The body's pieces count from when the head went, as a
            // socket's do: a head that went late (a busy machine) delays
            // them as much, rather than squeezing the body's time.
            let start: DispatchTime =
                if case .head = next.step { DispatchTime.now() - Self.interval(next.at) } else { start }
            if owner.loading.take(next.step) { owner.loading.run(rest, start: start) }
        }
    }

    /// Does one step; whether there are more to take.
    private func take(_ step: InProcessDelivery.Step) -> Bool {
        guard let answer = self.state.withLockedValue({ $0.answer }) else { return false }
        switch step {
        case .head(let status, let headers):
            guard let url = self.request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: Self.fields(headers))
            else {
                self.end(answer, failure: .badServerResponse)
                return false
            }
            // Journaled with its first byte now, also when the client leaves mid-body.
            self.state.withLockedValue { $0.answer = answer.statusLineSent() }
            self.client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        case .body(let range):
            if !range.isEmpty { self.client?.urlProtocol(self, didLoad: Data(answer.body[range])) }
        case .finish:
            self.end(answer, failure: nil)
            return false
        case .fail(let fault):
            self.end(answer, failure: FaultErrors.code(for: fault))
            return false
        case .stall:
            return false
        }
        self.heard()
        return true
    }

    /// Journals the exchange (first, as the server does, so whoever has
    /// the answer finds it in the journal), then finishes or fails.
    /// `clientLeft`: the client gave up (its timeout) before the answer was whole.
    private func end(_ answer: InProcessAnswer, failure: URLError.Code?, clientLeft: Bool = false) {
        let answers = self.state.withLockedValue { state -> InProcessAnswers? in
            guard !state.over else { return nil }
            state.over = true
            return state.answers
        }
        guard let answers else { return }
        answers.record(answer, clientLeft: clientLeft)
        if let failure {
            self.client?.urlProtocol(self, didFailWithError: self.error(failure))
        } else {
            self.client?.urlProtocolDidFinishLoading(self)
        }
    }

    /// Runs `step` on the queue at `deadline`, unless the task is over by
    /// then, or the client's timeout (that long with nothing heard) comes
    /// first: then the task fails with `.timedOut`, as over a socket.
    private func at(_ deadline: DispatchTime, timed: Bool = true, _ step: @escaping @Sendable () -> Void) {
        let (last, timeout) = self.state.withLockedValue { ($0.lastEvent, $0.timeout) }
        let limit = last + timeout
        let owner = Owner(loading: self)
        guard deadline <= limit || !timed else {
            self.queue.asyncAfter(deadline: limit) {
                let loading = owner.loading
                guard loading.state.withLockedValue({ !$0.over && $0.lastEvent == last }) else { return }
                if let answer = loading.state.withLockedValue({ $0.answer }) {
                    // As a server journals a client that hung up on it.
                    loading.end(answer, failure: .timedOut, clientLeft: true)
                } else {
                    loading.fail(.timedOut)
                }
            }
            return
        }
        self.queue.asyncAfter(deadline: deadline) {
            if owner.loading.state.withLockedValue({ !$0.over }) { step() }
        }
    }

    /// The client has just heard something: its timeout starts over.
    private func heard() {
        self.state.withLockedValue { $0.lastEvent = .now() }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// Fails a task that has no answer to journal.
    private func fail(_ code: URLError.Code) {
        let first = self.state.withLockedValue { state in
            defer { state.over = true }
            return !state.over
        }
        if first { self.client?.urlProtocol(self, didFailWithError: self.error(code)) }
    }

    private func error(_ code: URLError.Code) -> URLError {
        var info: [String: any Sendable] = [:]
        if let url = self.request.url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        return URLError(code, userInfo: info)
    }
}

extension SwitchboardURLProtocol {
    /// How long the client waits with nothing heard before `.timedOut`: the
    /// shorter of the request's `timeoutInterval` (60 s unless set) and the
    /// session configuration's `timeoutIntervalForRequest` (60 s unless
    /// set), so that a session configured for 1 s gives up after 1 s here
    /// as over a socket. (URLSession on Linux takes the request's when it
    /// was set, else the session's: the two differ only for a request set
    /// longer than its session.) A value of 0 or less counts as unset.
    static func timeout(request: URLRequest, session: TimeInterval?) -> TimeInterval {
        let given = [request.timeoutInterval, session ?? 0].filter { $0 > 0 }
        return given.min() ?? 60
    }

    /// The `timeoutIntervalForRequest` of the session that made `task`,
    /// when it can be found: URLSessionTask has no public `session`.
    static func sessionTimeout(of task: URLSessionTask?) -> TimeInterval? {
        guard let task else { return nil }
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation keeps it in an internal stored
            // `session` of URLSessionTask (a superclass of the task's class).
            var mirror: Mirror? = Mirror(reflecting: task)
            while let current = mirror {
                if let child = current.children.first(where: { $0.label == "session" }) {
                    return (child.value as? URLSession)?.configuration.timeoutIntervalForRequest
                }
                mirror = current.superclassMirror
            }
            return nil
        #else
            // Apple's task answers `session` to key-value coding (not public
            // API; not tried here, no Mac): asked only if it responds.
            guard task.responds(to: NSSelectorFromString("session")) else { return nil }
            return (task.value(forKey: "session") as? URLSession)?.configuration.timeoutIntervalForRequest
        #endif
    }

    /// `host:port` (lower-case host; the scheme's port when none is given):
    /// what tells instances apart.
    static func authority(of url: URL) -> String {
        let host = (url.host ?? "").lowercased()
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
    }

    /// The request target as it goes on the wire: the path and query still
    /// percent-encoded, as the server routes them.
    static func target(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "/" }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        guard let query = components.percentEncodedQuery else { return path }
        return path + "?" + query
    }

    /// The request's headers, with the `Host` a socket would have carried.
    static func headers(of request: URLRequest) -> [HeaderField] {
        var fields: [HeaderField] = []
        if let url = request.url, let host = url.host {
            fields.append(HeaderField(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host))
        }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            fields.append(HeaderField(name: name, value: value))
        }
        return fields
    }

    /// The body, whether the session kept it as data or handed it over as
    /// a stream (Apple's URLSession does the latter for protocols).
    static func body(of request: URLRequest) -> [UInt8] {
        if let data = request.httpBody { return Array(data) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = stream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// Headers as `HTTPURLResponse` takes them: one value per name, repeated
    /// names joined with commas as HTTP allows.
    static func fields(_ headers: [HeaderField]) -> [String: String] {
        var fields: [String: String] = [:]
        for header in headers {
            if let earlier = fields[header.name] {
                fields[header.name] = earlier + ", " + header.value
            } else {
                fields[header.name] = header.value
            }
        }
        return fields
    }
}
