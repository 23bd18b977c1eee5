import Foundation

/// Splits the bytes a server wrote into responses, the way a client reads
/// them: a head, then as many body bytes as Content-Length says, or the
/// rest when it says nothing.
public enum WireResponses {
    public struct Unexpected: Error, CustomStringConvertible {
        public let description: String
    }

    /// Responses to HEAD requests are `bodiless`: their Content-Length
    /// describes a body that is not sent. A body cut short is returned as
    /// far as it came.
    public static func parse(_ bytes: [UInt8], bodiless: Bool = false) -> [HTTPResult] {
        var results: [HTTPResult] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = self.firstRange(of: separator, in: rest) else {
                results.append(HTTPResult(status: 0, headers: [:], body: Data(rest), seconds: 0))
                break
            }
            let head = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
            rest = rest[(end + separator.count)...]
            var lines = head.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst()
            let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[String(line[..<colon])] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            var length = rest.count
            if bodiless || (100..<200).contains(status) || status == 204 || status == 304 {
                length = 0
            } else if let declared = headers.first(where: { $0.key.lowercased() == "content-length" })
                .flatMap({ Int($0.value) })
            {
                length = min(declared, rest.count)
            }
            let body = rest.prefix(length)
            rest = rest.dropFirst(length)
            results.append(HTTPResult(status: status, headers: headers, body: Data(body), seconds: 0, head: head))
        }
        return results
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
