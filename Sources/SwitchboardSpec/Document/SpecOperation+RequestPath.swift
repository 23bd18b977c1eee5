extension SpecOperation {
    /// A path key as a request has it: a `#fragment` (Box's way of
    /// describing one path twice, `/files/{file_id}#get_shared_link`) is
    /// no part of it.
    public static func requestPath(of path: String) -> Substring {
        path.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// This operation's path as a request has it (`requestPath(of:)`).
    public var requestPath: Substring { Self.requestPath(of: self.path) }
}
