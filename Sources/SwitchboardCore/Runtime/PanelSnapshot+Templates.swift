/// The request's values a response template reads (`RequestValue`), for
/// one answer: read from the request, the clock and the panel's seeded
/// random source, as text. One place for what each name means.
extension PanelSnapshot {
    /// The values of `names` (each a `RequestValue` name) for a request to
    /// the endpoint at `index`, and the request number they took on the
    /// endpoint's counter, if any: its decision must draw with that one
    /// (`decide(endpoint:override:request:)`), or `{counter}` would skip.
    /// `now` is the wall clock in seconds since 1970; `arrival` gives the
    /// server-wide `{seq}` number; the JSON body is parsed (once) only when a
    /// name reads it. A value the request lacks is the empty string.
    public func templateValues(
        _ names: [String], endpoint index: Int, target: RequestTarget, header: (String) -> String?,
        body: inout RequestBody, now: Double, arrival: () -> UInt64
    ) -> (values: [String: String], request: UInt64?) {
        var values: [String: String] = [:]
        var number: UInt64?
        func request() -> UInt64 {
            if let number { return number }
            let next = self.rows[index].counters.nextRequest()
            number = next
            return next
        }
        for (position, name) in names.enumerated() {
            guard let value = RequestValue(name: name) else { continue }
            let stream = RandomStream.template.rawValue + UInt64(position) * 4
            switch value {
            case .header(let field): values[name] = header(field) ?? ""
            case .query(let field): values[name] = target.queryValue(field) ?? ""
            case .body(let path):
                values[name] = body.json().flatMap { path.value(in: $0) }?.text ?? ""
            case .counter: values[name] = String(request() + 1)
            case .sequence: values[name] = String(arrival())
            case .now: values[name] = Timestamp.iso8601(now)
            case .unixTime: values[name] = String(Int64(now.rounded(.down)))
            case .uuid:
                let draws = (0..<4).map {
                    UInt32(
                        self.random.unit(endpoint: index, request: request(), stream: stream + UInt64($0))
                            * 4_294_967_296)
                }
                values[name] = Self.uuid(draws)
            case .random(let range):
                let draw = self.random.unit(endpoint: index, request: request(), stream: stream)
                let span = Double(range.upperBound) - Double(range.lowerBound) + 1
                values[name] = String(range.lowerBound + Int((draw * span).rounded(.down)))
            }
        }
        return (values, number)
    }

    /// Version 4, variant 1, from 128 drawn bits.
    private static func uuid(_ words: [UInt32]) -> String {
        var bytes: [UInt8] = []
        for word in words { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
