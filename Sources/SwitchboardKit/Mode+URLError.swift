public import Foundation
public import SwitchboardModel

extension Mode {
    /// Fails the task with `code` through ``SwitchboardURLProtocol`` (a
    /// socket cannot: over one, the nearest network fault happens
    /// instead): `board.set("login", .urlError(.cannotFindHost))`.
    public static func urlError(_ code: URLError.Code) -> Mode {
        .fault(.urlError(code))
    }
}

extension Fault {
    /// The fault that fails an in-process task with `code`.
    public static func urlError(_ code: URLError.Code) -> Fault {
        .urlError(URLErrorCode(rawValue: code.rawValue))
    }
}
