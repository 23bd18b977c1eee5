import CZlib

/// Decodes `Content-Encoding: gzip` (RFC 1952) and `deflate` (RFC 1950, or
/// the raw RFC 1951 stream some servers send instead), so that a recorded
/// body is stored readable. zlib does the decoding: a decompressor fed by
/// the network is no place for code of our own. Brotli has no decoder here;
/// a `br` body is stored as it came, with its header (see `RecordedBody`).
enum Inflate {
    /// Bodies that would decode to more than a recorded file may hold
    /// (`RecordedBody.fileLimit`) are stored as they came, with their
    /// `Content-Encoding`: a few KB of gzip can claim gigabytes.
    static let outputLimit = RecordedBody.fileLimit

    /// zlib's window bits: 15 for a zlib stream, negative for raw deflate,
    /// plus 16 for gzip.
    private static let zlibWindow: Int32 = 15
    private static let rawWindow: Int32 = -15
    private static let gzipWindow: Int32 = 16 + 15

    /// `body` as it reads, sent with `Content-Encoding: encoding`: itself
    /// for `identity` (or none, or when empty), decoded for gzip and
    /// deflate; `nil` when it cannot be (brotli, a broken stream, or one
    /// that would decode past `limit`).
    static func decoding(_ body: [UInt8], contentEncoding encoding: String?, limit: Int = Self.outputLimit) -> [UInt8]?
    {
        switch encoding?.trimmed().lowercased() ?? "identity" {
        case "identity", "": body
        case _ where body.isEmpty: body
        case "gzip", "x-gzip": Self.gunzip(body, limit: limit)
        case "deflate": Self.inflateDeflate(body, limit: limit)
        default: nil
        }
    }

    /// Every member of a gzip body, one after another, as `gzip -d` reads it.
    static func gunzip(_ data: [UInt8], limit: Int = Self.outputLimit) -> [UInt8]? {
        Self.decode(data, windowBits: Self.gzipWindow, members: true, limit: limit)
    }

    /// zlib-wrapped deflate, or raw deflate when it is not a zlib stream.
    static func inflateDeflate(_ data: [UInt8], limit: Int = Self.outputLimit) -> [UInt8]? {
        Self.decode(data, windowBits: Self.zlibWindow, members: false, limit: limit)
            ?? Self.decode(data, windowBits: Self.rawWindow, members: false, limit: limit)
    }

    private static func decode(_ data: [UInt8], windowBits: Int32, members: Bool, limit: Int) -> [UInt8]? {
        guard !data.isEmpty else { return nil }
        var stream = z_stream()
        guard sb_inflate_init(&stream, windowBits) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return data.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { return nil }
                output += chunk[0..<produced]
                switch status {
                case Z_STREAM_END:
                    let rest = Int(stream.avail_in)
                    if rest == 0 { return output }
                    // Another gzip member may follow; padding zeros end it.
                    guard members else { return nil }
                    if input.suffix(rest).allSatisfy({ $0 == 0 }) { return output }
                    guard inflateReset(&stream) == Z_OK else { return nil }
                case Z_OK:
                    // Out of input before the end: the body was cut short.
                    if produced == 0 && stream.avail_in == 0 { return nil }
                default:
                    return nil
                }
            }
        }
    }
}
