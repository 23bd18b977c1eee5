extension StringProtocol {
    /// Without the leading and trailing characters `isTrimmed` picks:
    /// spaces and tabs unless told otherwise.
    public func trimmed(where isTrimmed: (Character) -> Bool = { $0 == " " || $0 == "\t" }) -> String {
        let start = self.firstIndex { !isTrimmed($0) } ?? self.endIndex
        let end = self.lastIndex { !isTrimmed($0) }.map(self.index(after:)) ?? start
        return String(self[start..<end])
    }
}
