import Atomics

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes a thread blocked in poll from any other thread, at most one byte
/// per wake-up however many events arrive before it reads.
public final class WakePipe: Sendable {
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let pending = ManagedAtomic<Bool>(false)

    public init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "pipe failed")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.readDescriptor = fds[0]
        self.writeDescriptor = fds[1]
    }

    deinit {
        close(self.readDescriptor)
        close(self.writeDescriptor)
    }

    /// Safe from any thread; cheap when a wake-up is already pending.
    public func wake() {
        // Under load a wake-up is nearly always pending already: look before
        // writing, so the busy path is a read of a shared flag, not a write.
        guard !self.pending.load(ordering: .relaxed) else { return }
        guard !self.pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(self.writeDescriptor, &byte, 1)
    }

    /// Called by the woken thread before it looks for work, so that work
    /// arriving while it looks wakes it again.
    ///
    /// The pipe is emptied before the flag is cleared: the other way round,
    /// a wake-up landing between the two had its byte read here and left
    /// the flag set, so every later wake-up was skipped and the thread slept
    /// out its poll timeout (a second of requests piled up for the log
    /// writer, tens of megabytes at full load).
    ///
    /// A wake-up writes only while none is pending, so a byte or two wait
    /// at most: a read that comes back short has emptied the pipe, and the
    /// read that would only say so (one more system call per wake-up, that
    /// is per request when they come one at a time) is not made. The buffer
    /// is on the stack: it was an array allocated on every call.
    public func drain() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            while read(self.readDescriptor, buffer.baseAddress, buffer.count) == buffer.count {}
        }
        self.pending.store(false, ordering: .sequentiallyConsistent)
    }
}
