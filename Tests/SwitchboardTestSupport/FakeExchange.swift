import SwitchboardCore

/// Exchange details made up for tests of the screen and the HAR writer.
public struct FakeExchange: ExchangeDetails {
    public var httpVersion = "HTTP/1.1"
    public var requestHeaders: [HeaderField]
    public var requestBody: [UInt8]
    public var requestBodySize: Int
    public var responseHeaders: [HeaderField]
    public var responseBody: [UInt8]
    public var responseBodySize: Int
    public var retainedBytes: Int { self.requestBody.count + self.responseBody.count + 100 }

    public init(
        requestHeaders: [(String, String)], requestBody: String = "", responseHeaders: [(String, String)],
        responseBody: [UInt8]
    ) {
        self.requestHeaders = requestHeaders.map { HeaderField(name: $0.0, value: $0.1) }
        self.requestBody = Array(requestBody.utf8)
        self.requestBodySize = self.requestBody.count
        self.responseHeaders = responseHeaders.map { HeaderField(name: $0.0, value: $0.1) }
        self.responseBody = responseBody
        self.responseBodySize = responseBody.count
    }
}
