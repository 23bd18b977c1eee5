public import SwitchboardJSON

/// The body of `POST /__switchboard/record`, one of:
/// `{"endpoints": ["login"]}`, `{"all": true}` (every endpoint with a live
/// answer kept), or `{"request": 42}` (the endpoint of the journal's request
/// 42; a stub entry when no endpoint matched it and nothing answered live).
public struct RecordRequest: Codable, Sendable, Equatable {
    public var endpoints: [String]?
    public var all: Bool?
    /// A journal sequence number, as `GET …/requests` lists them.
    public var request: Int?

    public init(endpoints: [String]? = nil, all: Bool? = nil, request: Int? = nil) {
        self.endpoints = endpoints
        self.all = all
        self.request = request
    }

    /// Exactly one of the three is given.
    public var isValid: Bool {
        [self.endpoints != nil, self.all == true, self.request != nil].filter { $0 }.count == 1
    }
}

/// What `POST /__switchboard/record` wrote, and what it could not record.
public struct RecordResult: Codable, Sendable, Equatable {
    public struct Written: Codable, Sendable, Equatable {
        public var endpoint: String
        /// `success`, `error` or `server_error`.
        public var response: String
        /// The body file, relative to the fixtures folder; nil for an empty body.
        public var file: String?
        /// `added`, `updated`, `stub` (an entry added for a request that
        /// nothing answered, to edit) or `already_an_endpoint` (a stub was
        /// asked for a request this endpoint answers; nothing written).
        public var change: String

        public init(endpoint: String, response: String, file: String?, change: String) {
            self.endpoint = endpoint
            self.response = response
            self.file = file
            self.change = change
        }
    }

    public struct Skipped: Codable, Sendable, Equatable {
        public var endpoint: String
        public var reason: String

        public init(endpoint: String, reason: String) {
            self.endpoint = endpoint
            self.reason = reason
        }
    }

    public var written: [Written]
    public var skipped: [Skipped]
    /// The manifest's path.
    public var manifest: String?
    public var manifestChanged: Bool

    public init(written: [Written], skipped: [Skipped], manifest: String?, manifestChanged: Bool) {
        self.written = written
        self.skipped = skipped
        self.manifest = manifest
        self.manifestChanged = manifestChanged
    }
}

extension RecordRequest: WireSchema {
    /// Exactly one of the three (`isValid`); `null` reads as left out,
    /// and other keys are not read.
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        [
            "type": "object",
            "properties": [
                "endpoints": WireSchemas.nullable(WireSchemas.strings),
                "all": WireSchemas.nullable(WireSchemas.boolean), "request": WireSchemas.nullable(WireSchemas.count),
            ],
            "oneOf": [
                ["required": ["endpoints"], "properties": ["endpoints": ["type": "array"]]],
                ["required": ["all"], "properties": ["all": ["const": true]]],
                ["required": ["request"], "properties": ["request": ["type": "integer"]]],
            ],
        ]
    }
}

extension RecordResult: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "written": schemas.reference([Written].self), "skipped": schemas.reference([Skipped].self),
                "manifest": WireSchemas.string, "manifestChanged": WireSchemas.boolean,
            ], required: ["written", "skipped", "manifestChanged"])
    }
}

extension RecordResult.Written: WireSchema {
    public static var schemaName: String? { "RecordWritten" }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "endpoint": WireSchemas.string,
                "response": WireSchemas.oneWord(of: ["success", "error", "server_error"]),
                "file": WireSchemas.string,
                "change": WireSchemas.oneWord(of: ["added", "updated", "stub", "already_an_endpoint"]),
            ], required: ["endpoint", "response", "change"])
    }
}

extension RecordResult.Skipped: WireSchema {
    public static var schemaName: String? { "RecordSkipped" }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            ["endpoint": WireSchemas.string, "reason": WireSchemas.string], required: ["endpoint", "reason"])
    }
}
