/// Which live answers stand for the resource and so may become its fixture.
///
/// Clients revalidate and ask for ranges on their own: URLSession and
/// browsers send `If-None-Match` once an answer had an `ETag`, players and
/// download managers send `Range`, and `HEAD` asks for the headers alone.
/// Such an answer recorded over the real `200` made the fixture an empty
/// body, a bodiless 304 for every later GET, or a truncated file. So none
/// is ever recorded: not a `HEAD` answer, not a 1xx (informational, never
/// final), a `206 Partial Content`, a `304 Not Modified`, nor a
/// `416 Range Not Satisfiable`; the answer kept before it stays the one
/// recorded (`LiveAnswers.keep`), and when there is none, recording skips
/// the endpoint and says why.
extension RecordedExchange {
    /// Why an answer to `method` with `status` does not stand for the
    /// resource, as a sentence; nil when it does.
    public static func whyNotTheResource(method: String, status: Int) -> String? {
        let what: String
        switch (method.uppercased(), status) {
        case ("HEAD", _): what = "a HEAD answer, which has no body"
        case (_, 100..<200): what = "a \(status) informational answer, not a final one"
        case (_, 206): what = "a 206 Partial Content, part of the body for a Range request"
        case (_, 304): what = "a 304 Not Modified, a revalidation (If-None-Match, If-Modified-Since) with no body"
        case (_, 416): what = "a 416 Range Not Satisfiable, an answer to a Range request"
        default: return nil
        }
        let again = method.uppercased() == "HEAD" ? "GET" : method.uppercased()
        return "the live answer was \(what), which does not stand for the resource; make a plain \(again)"
            + " (no Range, no If-None-Match) and record again"
    }

    /// `whyNotTheResource` for this exchange; nil for a stub.
    var whyNotTheResource: String? {
        guard case .live(let status, _, _) = self.answer else { return nil }
        return Self.whyNotTheResource(method: self.method, status: status)
    }
}
