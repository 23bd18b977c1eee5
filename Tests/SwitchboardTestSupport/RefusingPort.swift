import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port where a connection is refused, held for as long as this
/// lives: a socket bound to it that never listens. A port that was closed
/// again is not enough, as another test's server may take it meanwhile and
/// answer in its place.
public final class RefusingPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        self.descriptor = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(self.descriptor)
    }
}
