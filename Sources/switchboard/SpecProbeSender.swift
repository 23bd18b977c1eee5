import AsyncHTTPClient
import NIOHTTP1
import SwitchboardCore
import SwitchboardServer
import SwitchboardSpec
import SwitchboardUpstream

/// Sends `check --against`'s requests to the real API, one at a time (a
/// check, not a load test), with AsyncHTTPClient as `live` does: no
/// redirects followed, nothing decompressed, a refused connection reported
/// at once (`DriftBody.checked` decodes what drift reads).
/// Each request has `seconds` from start to its last byte; a body past
/// `bodyLimit`, drift's, is not kept, and then only the status and headers
/// are checked.
struct SpecProbeSender {
    static let bodyLimit = DriftBody.limit

    /// What the API answered.
    struct Answer: Sendable {
        var status: Int
        var headers: HTTPHeaders
        /// `nil` when larger than `bodyLimit`.
        var body: [UInt8]?
    }

    /// Why there was no answer, in words (`connection refused`).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let api: UpstreamURL
    let seconds: Int
    private let client: HTTPClient

    init(api: UpstreamURL, seconds: Int) {
        self.api = api
        self.seconds = seconds
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            // The client's own limits only back up the whole-request one
            // in `send`, whose words (`no answer within N s`) are the report's.
            timeout: .init(connect: .seconds(Int64(seconds)), read: .seconds(Int64(seconds) + 1)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Asks for `target` (path and query, the base path in it) at the API's origin.
    func send(target: String, headers: [SpecProbe.HeaderPair]) async throws(Failure) -> Answer {
        let origin = UpstreamURL(scheme: self.api.scheme, host: self.api.host, port: self.api.port)
        var built = HTTPClientRequest(url: origin.url(for: target))
        built.method = .GET
        for header in headers { built.headers.add(name: header.name, value: header.value) }
        let request = built
        let client = self.client
        let seconds = self.seconds
        do {
            // The answer or the time limit, whichever comes first; the
            // other is cancelled (AsyncHTTPClient's own deadline ends at
            // the head, not the body).
            return try await withThrowingTaskGroup(of: Answer?.self) { group in
                group.addTask { try await Self.fetch(request, client: client, seconds: seconds) }
                group.addTask {
                    try await Task.sleep(for: .seconds(seconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard case let answer?? = try await group.next() else {
                    throw Failure(description: "no answer within \(seconds) s")
                }
                return answer
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: UpstreamFailure(classifying: error, host: self.api.host).words)
        }
    }

    private static func fetch(_ request: HTTPClientRequest, client: HTTPClient, seconds: Int) async throws -> Answer {
        let response = try await client.execute(request, timeout: .seconds(Int64(seconds) + 1))
        var body: [UInt8] = []
        var tooLarge = false
        for try await part in response.body {
            guard body.count + part.readableBytes <= Self.bodyLimit else {
                tooLarge = true
                break
            }
            body.append(contentsOf: part.readableBytesView)
        }
        return Answer(status: Int(response.status.code), headers: response.headers, body: tooLarge ? nil : body)
    }

    func shutdown() async {
        try? await self.client.shutdown()
    }
}
