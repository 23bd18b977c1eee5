import SwitchboardSpec

/// The headers a documented response is sent with: each one it documents
/// (`X-Rate-Limit`), valued by `SpecHeader.value` with a seed of its own
/// from its name. Headers that frame the body or belong to the connection
/// (`RequestCopy.connectionHeaders`: `Content-Length`, `Transfer-Encoding`,
/// …) are the server's to write, and a value that cannot be sent on one
/// line (`ManifestReader.isValidHeader`) is left out. A value is data,
/// sent as written, never a template: a description's
/// `example: "{header.Authorization}"` would copy the caller's credential
/// into the answer.
enum SpecResponseHeaders {
    static func fields(of response: SpecResponse, document: SpecDocument, seed: UInt64) -> [HeaderField] {
        response.headers.compactMap { header in
            guard !RequestCopy.connectionHeaders.contains(header.name.lowercased()) else { return nil }
            let text = header.value(in: document.components, seed: seed ^ SpecEndpoints.hash(header.name.lowercased()))
            guard ManifestReader.isValidHeader(name: header.name, value: text) else { return nil }
            return HeaderField(name: header.name, value: text, isTemplate: false)
        }
    }
}
