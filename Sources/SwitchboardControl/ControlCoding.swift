public import Foundation

/// How both ends turn the contract into bytes. Keys are sorted because
/// JSONEncoder's own order changes from run to run on Linux, and a reader
/// comparing two answers (or a diff of them) deserves the same bytes for
/// the same state.
public enum ControlCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// `value` as the JSON text the API answers with.
    public static func text(_ value: some Encodable) -> String {
        // Every contract type encodes to an object, which cannot fail.
        let data = (try? self.encoder().encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
