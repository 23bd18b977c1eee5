#if canImport(Glibc)
    import Glibc
#endif

/// Raises this process's open-file limit to the hard limit, for tests that
/// hold thousands of connections.
public func raiseOpenFileLimitForTests() {
    var limit = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(resource, &limit)
}
