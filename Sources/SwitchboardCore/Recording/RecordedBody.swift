/// An upstream body as it is stored: decoded, JSON pretty-printed, with the
/// file extension its content type calls for.
struct RecordedBody: Equatable {
    /// The most a recording writes into one file, 16 MiB. A kept live answer
    /// is at most 8 MB (`LiveAnswers.bodyLimit`), but 64 KB of gzip can
    /// decode to 63 MiB of `[[0,0,…]]`, and indenting that one value a line
    /// made a 231 MB file: a body that would decode past this is stored
    /// still encoded, one that would indent past it unindented, and one
    /// larger as it came is not recorded (`writeBody` says why).
    static let fileLimit = 16 << 20

    var bytes: [UInt8]
    /// `json`, `html`, `jpg`…; `bin` for a type without one, and the
    /// encoding added (`json.br`) when the body could not be decoded.
    var fileExtension: String
    /// True when the body is stored still encoded: the recording keeps its
    /// `Content-Encoding` header so the fixture is served as it came.
    var stillEncoded: Bool

    init(bytes: [UInt8], fileExtension: String, stillEncoded: Bool) {
        self.bytes = bytes
        self.fileExtension = fileExtension
        self.stillEncoded = stillEncoded
    }

    init(body: [UInt8], headers: [HeaderField]) {
        let type = Self.value(of: "content-type", in: headers)
        let encoding = Self.value(of: "content-encoding", in: headers)?.lowercased() ?? "identity"
        let decoded = Inflate.decoding(body, contentEncoding: encoding)
        var bytes = decoded ?? body
        let stillEncoded = decoded == nil
        var fileExtension = Self.fileExtension(for: type)
        if stillEncoded {
            let suffix = encoding.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            fileExtension += "." + (suffix.isEmpty ? "encoded" : suffix)
        } else if ContentTypes.isJSON(type), let pretty = JSONPretty.format(bytes) {
            // Otherwise (not JSON after all, or nested too deep to indent) the bytes are kept as they came.
            bytes = pretty
        }
        self.init(bytes: bytes, fileExtension: fileExtension, stillEncoded: stillEncoded)
    }

    static func value(of name: String, in headers: [HeaderField]) -> String? {
        headers.first { $0.name.lowercased() == name }.map { $0.value.trimmed() }
    }

    /// The extension that gives back `type` when the file is served
    /// (`ContentTypes.forPath`), so most recordings need no Content-Type
    /// header in the manifest.
    static func fileExtension(for type: String?) -> String {
        guard let type else { return "bin" }
        let base = type.split(separator: ";").first.map { $0.trimmed().lowercased() } ?? ""
        if base == "application/json" || base.hasSuffix("+json") { return "json" }
        if base == "text/html" { return "html" }
        if base == "image/jpeg" { return "jpg" }
        if base == "text/xml" { return "xml" }
        let candidates = ContentTypes.byExtension.filter {
            $0.value.split(separator: ";").first.map(String.init) == base
        }
        return candidates.keys.sorted { ($0.count, $0) < ($1.count, $1) }.first ?? "bin"
    }
}
