#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory freed by a journal clear back to the system: glibc keeps
/// freed heap pages otherwise, and the process would look as large as at
/// its busiest. (`malloc_trim` is not in Swift's Glibc module, hence dlsym.)
enum MemoryRelease {
    static func returnFreedMemory() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
