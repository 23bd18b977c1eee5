import SwitchboardCore

/// Exchange details made up for tests of the screen and the HAR writer.
public final class FakeExchange: ExchangeDetails {
    public let httpVersion = "HTTP/1.1"
    public let requestHeaders: [HeaderField]
    public let requestBody: [UInt8]
    public let requestBodySize: Int
    public let responseHeaders: [HeaderField]
    public let responseBody: [UInt8]
    public let responseBodySize: Int
    public var retainedBytes: Int { self.requestBody.count + self.responseBody.count + 100 }

    /// `requestBodyBytes`, when given, stands for `requestBody` (bytes that
    /// are not UTF-8); `requestBodySize`, when given, is the size the
    /// request claimed (more than was kept).
    public init(
        requestHeaders: [(String, String)], requestBody: String = "", requestBodyBytes: [UInt8]? = nil,
        requestBodySize: Int? = nil, responseHeaders: [(String, String)], responseBody: [UInt8]
    ) {
        self.requestHeaders = requestHeaders.map { HeaderField(name: $0.0, value: $0.1) }
        self.requestBody = requestBodyBytes ?? Array(requestBody.utf8)
        self.requestBodySize = requestBodySize ?? self.requestBody.count
        self.responseHeaders = responseHeaders.map { HeaderField(name: $0.0, value: $0.1) }
        self.responseBody = responseBody
        self.responseBodySize = responseBody.count
    }
}
