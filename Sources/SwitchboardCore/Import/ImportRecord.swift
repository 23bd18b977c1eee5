import Foundation

/// What `switchboard import` wrote into a fixtures folder, kept there as
/// `.switchboard-import.json`: each file's digest, so the next import tells
/// a file the user edited from one it may rewrite, and each operation as it
/// was imported, so it can say what the description changed.
public struct ImportRecord: Codable, Equatable, Sendable {
    /// The record's name in the folder.
    public static let fileName = ".switchboard-import.json"

    /// The description's copy in the folder.
    public var descriptionFile: String
    public var seed: UInt64
    /// Each written file's path in the folder → `ImportRecord.digest` of what was written.
    public var files: [String: String]
    public var operations: [ImportedOperation]

    public init(descriptionFile: String, seed: UInt64, files: [String: String], operations: [ImportedOperation]) {
        self.descriptionFile = descriptionFile
        self.seed = seed
        self.files = files
        self.operations = operations
    }

    /// FNV-1a of the bytes, with their count: enough to notice an edit (the
    /// record is no defence against someone forging a collision).
    public static func digest(_ bytes: [UInt8]) -> String {
        let hash = String(StableHash.of(bytes: bytes), radix: 16)
        return String(repeating: "0", count: 16 - hash.count) + hash + "-" + String(bytes.count)
    }

    /// The record as written: sorted keys, one line, a final newline.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// A record read back; `nil` for bytes that are not one.
    public static func read(_ bytes: [UInt8]) -> ImportRecord? {
        try? JSONDecoder().decode(ImportRecord.self, from: Data(bytes))
    }
}

/// One operation as an import wrote it: its endpoint's id and route, and
/// each response the description documents.
public struct ImportedOperation: Codable, Equatable, Sendable {
    public var id: String
    /// `GET /pet/:petId`, as the manifest writes it.
    public var route: String
    public var responses: [ImportedResponse]
}

/// One documented response of an imported operation.
public struct ImportedResponse: Codable, Equatable, Sendable {
    /// `success`, `error` or `server_error`.
    public var kind: String
    public var status: Int
    /// The body's file; `nil` for a response without a body.
    public var file: String?
    /// The body's digest (`ImportRecord.digest`).
    public var digest: String
}
