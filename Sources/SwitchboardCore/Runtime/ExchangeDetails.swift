/// What was said in one exchange beyond the request line: headers and
/// bodies. The server keeps them in its own types and converts only when
/// someone asks (details view, HAR, control API), so recording a request
/// stays cheap.
///
/// A class: every journal entry carries its details, and the journal hands
/// entries to its ring, its feeds and their readers, each copy of a class
/// reference one retain where a value of any type costs a call through its
/// type's witnesses (about a thousand instructions a request in all).
public protocol ExchangeDetails: AnyObject, Sendable {
    /// `HTTP/1.1`
    var httpVersion: String { get }
    var requestHeaders: [HeaderField] { get }
    /// The request body as received, cut at `capturedBodyLimit`.
    var requestBody: [UInt8] { get }
    /// The request body's full size, which may exceed what was kept.
    var requestBodySize: Int { get }
    /// Empty when no response was sent (a fault).
    var responseHeaders: [HeaderField] { get }
    var responseBody: [UInt8] { get }
    var responseBodySize: Int { get }
    /// Memory these details hold on to, for the journal's budget.
    var retainedBytes: Int { get }
    /// One object for every exchange whose response side (headers, body)
    /// is the very same, as the requests of one remembered answer share
    /// it: a writer may keep what it made of that side, by this object's
    /// identity. `nil` where nothing is shared.
    var sharedResponse: AnyObject? { get }
}

extension ExchangeDetails {
    public var sharedResponse: AnyObject? { nil }

    public func requestHeader(_ name: String) -> String? {
        self.requestHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public func responseHeader(_ name: String) -> String? {
        self.responseHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// How much of each body the journal keeps.
public let capturedBodyLimit = 64 * 1024
