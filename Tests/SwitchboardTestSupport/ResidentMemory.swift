import Foundation
import SwitchboardServer

/// This process's resident memory, for tests that bound what a structure
/// holds.
public enum ResidentMemory {
    /// Bytes resident now, after handing freed heap back to the system (so
    /// garbage from earlier work does not count).
    public static func bytes() throws -> Int {
        MemoryRelease.returnFreedMemory()
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        guard let pages = Int(statm.split(separator: " ")[1]) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
