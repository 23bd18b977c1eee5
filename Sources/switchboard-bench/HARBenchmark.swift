import SwitchboardCore

/// How fast HAR entries are made: the `--har` file and the `/har` export
/// keep up with requests only as fast as this.
enum HARBenchmark {
    final class Exchange: ExchangeDetails {
        let httpVersion = "HTTP/1.1"
        let requestHeaders = [
            HeaderField(name: "Host", value: "127.0.0.1:8080"), HeaderField(name: "User-Agent", value: "wrk"),
            HeaderField(name: "Accept", value: "*/*"),
        ]
        let requestBody: [UInt8] = []
        let requestBodySize = 0
        let responseHeaders = [
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "Content-Length", value: "124"),
        ]
        let responseBody = Array(String(repeating: "x", count: 124).utf8)
        let responseBodySize = 124
        let retainedBytes = 1024
    }

    static func run() {
        let entries = (1...10_000).map { index in
            var entry = JournalEntry(
                sequence: index, time: 1_763_812_860 + Double(index) / 1000, method: "GET",
                target: "/data/all/coinlist", status: .answered(200), duration: .microseconds(300),
                endpointID: "coinlist",
                mode: .success, latency: nil)
            entry.details = Exchange()
            return entry
        }
        let timing = RenderBenchmark.measure(iterations: 10) {
            var bytes: [UInt8] = []
            for entry in entries {
                HARWriter.appendEntry(
                    entry, first: false, to: &bytes, serverURL: "http://127.0.0.1:8080", redact: true)
            }
        }
        print("HAR: 10,000 entries with headers and a 124-byte body: \(timing)")
    }
}
