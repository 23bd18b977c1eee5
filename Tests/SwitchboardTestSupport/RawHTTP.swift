import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends raw bytes over TCP, for requests no HTTP client would send.
public enum RawHTTP {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A TCP connection to 127.0.0.1:`port` whose reads give up after
    /// `timeout` seconds; the caller closes it. `nil` if it cannot connect.
    public static func connect(port: Int, timeout: Int = 5) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Connects to 127.0.0.1:`port`, writes `bytes`, and reads until the
    /// server closes the connection or `timeout` seconds pass. With
    /// `halfClose`, says it has no more to send once `bytes` are out.
    @discardableResult
    public static func exchange(port: Int, bytes: [UInt8], timeout: Int = 5, halfClose: Bool = false) throws -> String {
        guard let fd = self.connect(port: port, timeout: timeout) else {
            throw Failure(description: "connect failed: \(errno)")
        }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if halfClose { shutdown(fd, Int32(SHUT_WR)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// `connect` on a thread of its own, for async tests.
    public static func connect(port: Int, timeout: Int = 5) async -> Int32? {
        (try? await onThread { RawHTTP.connect(port: port, timeout: timeout) }) ?? nil
    }

    /// `exchange` on a thread of its own, for async tests.
    @discardableResult
    public static func exchange(port: Int, bytes: [UInt8], timeout: Int = 5, halfClose: Bool = false) async throws
        -> String
    {
        try await onThread { try RawHTTP.exchange(port: port, bytes: bytes, timeout: timeout, halfClose: halfClose) }
    }
}
