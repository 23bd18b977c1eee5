/// Which answers may keep the caching headers the manifest gives them.
///
/// A browser, or URLSession's cache on Apple platforms, answers from its
/// cache without asking while a response is fresh: a flip made meanwhile
/// never reaches the app, and the screen shows no request. So an answer is
/// only ever cacheable when it is the success an endpoint is set to give.
public enum CachePolicy: String, Sendable, CaseIterable {
    /// Answers an endpoint set to `success` gives keep the manifest's
    /// headers; every other answer is `no-store` (the default).
    case success
    /// Every answer is `no-store` (`server: { cache: no-store }`, `--no-cache`).
    case noStore = "no-store"

    /// The spellings a manifest may use, for messages.
    public static var names: [String] { Self.allCases.map(\.rawValue) }
}

/// The headers that let a cache keep or revalidate an answer, and what
/// replaces them on an answer that must not be kept.
public enum CacheHeaders {
    /// Lower-cased: freshness (`Cache-Control`, `Expires`) and validators
    /// (`ETag`, `Last-Modified`).
    public static let names: Set<String> = ["cache-control", "expires", "etag", "last-modified"]

    public static let noStore = HeaderField(name: "Cache-Control", value: "no-store")

    /// `fields` without caching headers, plus `Cache-Control: no-store`.
    public static func uncacheable(_ fields: [HeaderField]) -> [HeaderField] {
        fields.filter { !Self.names.contains($0.name.lowercased()) } + [Self.noStore]
    }
}
