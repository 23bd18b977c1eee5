/// Decides when the fixture watcher loads the folder; the watcher does the
/// looking and the loading. Times are on any clock that only moves forward
/// (the watcher's own, or a test's).
///
/// - A change is applied once it has settled: the files' sizes and
///   modification times stayed the same for `settleTime`. An editor, a bind
///   mount or a generator that writes a file in several pieces is not read
///   half-way (a writer that pauses longer than that between pieces still
///   is; the next piece then reloads again).
/// - A load that could not read a file (too many open files, a file
///   replaced mid-save) is retried, waiting 0.1 s, then twice as long each
///   time up to 5 s, until it loads or the files change again.
struct ReloadSchedule: Sendable {
    static let settleTime = Duration.milliseconds(200)
    static let firstRetry = Duration.milliseconds(100)
    static let longestRetry = Duration.seconds(5)

    /// The files as they were when last loaded (or tried).
    var loaded: [String: FileStamp]
    /// A change seen and when it was first seen, not yet settled.
    private(set) var change: (stamps: [String: FileStamp], since: Duration)?
    /// When to try again a load that could not read a file.
    private(set) var retry: (due: Duration, wait: Duration)?

    init(loaded: [String: FileStamp]) {
        self.loaded = loaded
    }

    /// Whether to load now, given the files as they are at `now`.
    mutating func look(at stamps: [String: FileStamp], now: Duration) -> Bool {
        guard stamps == self.loaded else {
            guard let change = self.change, change.stamps == stamps else {
                self.change = (stamps, now)
                return false
            }
            return now - change.since >= Self.settleTime
        }
        self.change = nil
        if let retry = self.retry, now >= retry.due { return true }
        return false
    }

    /// A load finished; `stamps` are the files as they were before it read
    /// them, so a change made while it read is seen at the next look.
    mutating func loaded(_ stamps: [String: FileStamp], couldNotRead: Bool, now: Duration) {
        let changed = self.loaded != stamps
        self.loaded = stamps
        self.change = nil
        guard couldNotRead else {
            self.retry = nil
            return
        }
        // A new version of the files starts again from the shortest wait.
        var wait = Self.firstRetry
        if let retry = self.retry, !changed { wait = min(retry.wait * 2, Self.longestRetry) }
        self.retry = (now + wait, wait)
    }
}

/// A file's size and modification time: what the watcher compares.
struct FileStamp: Equatable, Sendable {
    var size: Int
    var modified: Double
}
