public import SwitchboardJSON
public import SwitchboardModel

/// One journal entry as the control API lists it (`GET …/requests`), as
/// `serve` prints it and `--log` appends it. The server writes this shape
/// by hand, a byte at a time, since it prints one per request; this type is
/// how a client reads it, and the tests hold the two together.
public struct RequestRecord: Codable, Sendable, Equatable {
    /// ISO 8601, UTC, milliseconds.
    public var time: String
    public var method: String
    public var path: String
    /// Without the `?`; empty when there was none.
    public var query: String
    /// `nil` when no status line was sent (a fault, or the client left).
    public var status: Int?
    public var durationMS: Double
    public var delayMS: Double
    public var endpoint: String?
    /// The mode's name as written: `mode` reads it as a `Mode`.
    public var modeName: String?
    /// The endpoint's own setting, which differs from `mode` for `flaky`,
    /// `sequence`, and a mode a `Prefer` header asked for.
    public var setting: String?
    public var latency: String?
    /// Why the status alone misleads, as the screen's log line says it:
    /// `no fixture episodes/99.json`, `needs ?lat&lon`.
    public var reason: String?
    /// `prefer` when the request's `Prefer` header chose for it.
    public var forcedBy: String?
    /// What the `Prefer` header chose: `mode=server_error, latency=3g`.
    public var forced: String?
    /// `true` when the latency profile's faults chose `mode` (a reset or
    /// hang the network drew), overruling `setting`; absent otherwise.
    public var networkFault: Bool?
    /// Why the request was refused before any endpoint saw it.
    public var rejected: String?
    /// How the request breaks its endpoint's OpenAPI description
    /// (`body.items[0].price: expected number`), with `--validate`.
    public var invalid: [String]?
    /// How the real API's answer to it breaks the endpoint's OpenAPI
    /// description (`live`; `body.id: expected integer`).
    public var drift: [String]?
    /// The rate limit (`5/s`) that answered this request 429.
    public var rateLimited: String?
    /// Refused by a rate limit: how long before its `Retry-After` had
    /// passed the client came back.
    public var retriedEarlyMS: Double?
    public var unmatched: Bool
    /// For an unmatched request: the nearest endpoint, if any is near.
    public var closest: String?
    /// For an unmatched request: the nearest endpoint and what differs,
    /// in one sentence (the 404 body's `hint`).
    public var hint: String?
    /// The journal's number for the request, counting from 1: what
    /// `GET …/requests/{sequence}`, `{"request": N}` and
    /// `switchboard record --request N` take.
    public var sequence: Int?
    /// Only in `GET …/requests/{sequence}`; `nil` there once the journal
    /// no longer keeps them.
    public var details: RequestDetails?

    /// What the request got: `.error`, `.reset`… (never `flaky` or
    /// `sequence`, which pick one of the others per request); `nil` when no
    /// endpoint answered, or for a mode this side does not know.
    public var mode: Mode? { self.modeName.flatMap(Mode.init(name:)) }

    /// Whether no endpoint answered it: unmatched, or refused before routing.
    public var isUnexpected: Bool { self.endpoint == nil }

    enum CodingKeys: String, CodingKey {
        case time, method, path, query, status
        case durationMS = "duration_ms"
        case delayMS = "delay_ms"
        case endpoint, setting, latency, reason, forced, rejected, invalid, drift, unmatched, closest, hint, sequence,
            details
        case modeName = "mode"
        case forcedBy = "forced_by"
        case rateLimited = "rate_limited"
        case retriedEarlyMS = "retried_early_ms"
        case networkFault = "network_fault"
    }
}

/// Headers and bodies of one exchange, while the journal keeps them.
public struct RequestDetails: Codable, Sendable, Equatable {
    /// `HTTP/1.1`
    public var httpVersion: String
    /// Name and value pairs, in the order sent.
    public var requestHeaders: [[String]]
    public var requestBody: CapturedBody
    /// Empty when no response was sent (a fault).
    public var responseHeaders: [[String]]
    public var responseBody: CapturedBody

    public init(
        httpVersion: String, requestHeaders: [[String]], requestBody: CapturedBody, responseHeaders: [[String]],
        responseBody: CapturedBody
    ) {
        self.httpVersion = httpVersion
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    enum CodingKeys: String, CodingKey {
        case httpVersion = "http_version"
        case requestHeaders = "request_headers"
        case requestBody = "request_body"
        case responseHeaders = "response_headers"
        case responseBody = "response_body"
    }
}

/// A body as far as it was kept: UTF-8 as `text`, anything else as
/// `base64`.
public struct CapturedBody: Codable, Sendable, Equatable {
    /// The full size, which may exceed what was kept.
    public var size: Int
    public var text: String?
    public var base64: String?
    /// Whether less than `size` was kept.
    public var truncated: Bool

    public init(size: Int, text: String? = nil, base64: String? = nil, truncated: Bool) {
        self.size = size
        self.text = text
        self.base64 = base64
        self.truncated = truncated
    }
}

extension RequestRecord: WireSchema {
    /// What the server writes (`JournalEntry.appendJSON`), which holds a
    /// few keys this type does not read (`toxics`, `cut_short`,
    /// `upstream_ms`, `upstream`); `details` only in the one-request answer.
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        let text = WireSchemas.nullable(WireSchemas.string)
        let milliseconds: JSONValue = ["type": "number", "minimum": 0]
        return WireSchemas.object(
            [
                "time": ["type": "string", "format": "date-time"], "method": WireSchemas.string,
                "path": WireSchemas.string, "query": WireSchemas.string,
                "status": WireSchemas.nullable(["type": "integer", "minimum": 100, "maximum": 999]),
                "duration_ms": milliseconds, "delay_ms": milliseconds, "endpoint": text, "mode": text,
                "setting": text, "latency": text, "toxics": WireSchemas.string, "cut_short": ["const": true],
                "reason": WireSchemas.string, "forced_by": ["const": "prefer"], "forced": WireSchemas.string,
                "network_fault": ["const": true], "rejected": WireSchemas.string, "rate_limited": WireSchemas.string,
                "retried_early_ms": milliseconds, "upstream_ms": milliseconds, "upstream": WireSchemas.string,
                "unmatched": WireSchemas.boolean, "closest": text, "hint": WireSchemas.string,
                "sequence": ["type": "integer", "minimum": 1],
                "details": WireSchemas.nullable(schemas.reference(RequestDetails.self)),
            ],
            required: [
                "time", "method", "path", "query", "status", "duration_ms", "delay_ms", "endpoint", "mode", "setting",
                "latency", "unmatched",
            ])
    }
}

extension RequestDetails: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        let headers = WireSchemas.array(["type": "array", "items": WireSchemas.string, "minItems": 2, "maxItems": 2])
        let body = schemas.reference(CapturedBody.self)
        return WireSchemas.object(
            [
                "http_version": WireSchemas.string, "request_headers": headers, "request_body": body,
                "response_headers": headers, "response_body": body,
            ], required: ["http_version", "request_headers", "request_body", "response_headers", "response_body"])
    }
}

extension CapturedBody: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "size": WireSchemas.count, "text": WireSchemas.string, "base64": WireSchemas.string,
                "truncated": WireSchemas.boolean,
            ], required: ["size", "truncated"])
    }
}
