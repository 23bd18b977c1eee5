package import SwitchboardCore
package import SwitchboardSpec

/// The headers a documented response is sent with: each one it documents
/// (`X-Rate-Limit`), valued by `SpecHeader.value` with a seed of its own
/// from its name. Headers that frame the body or belong to the connection
/// (`RequestCopy.connectionHeaders`: `Content-Length`, `Transfer-Encoding`,
/// …) are the server's to write, and a value that cannot be sent on one
/// line (`ManifestReader.isValidHeader`) is left out. So are its caching
/// headers (`CacheHeaders.names`): they are what the real API sends, and a
/// success a cache keeps would hide every flip until it goes stale (a
/// manifest entry that writes one keeps it, under `CachePolicy`'s rules).
/// A value is data,
/// sent as written, never a template: a description's
/// `example: "{header.Authorization}"` would copy the caller's credential
/// into the answer.
package enum SpecResponseHeaders {
    package static func fields(of response: SpecResponse, document: SpecDocument, seed: UInt64) -> [HeaderField] {
        response.headers.compactMap { header in
            let name = header.name.lowercased()
            guard !RequestCopy.connectionHeaders.contains(name), !CacheHeaders.names.contains(name) else {
                return nil
            }
            let text = header.value(in: document.components, seed: seed ^ StableHash.of(header.name.lowercased()))
            guard ManifestReader.isValidHeader(name: header.name, value: text) else { return nil }
            return HeaderField(name: header.name, value: text, isTemplate: false)
        }
    }
}
