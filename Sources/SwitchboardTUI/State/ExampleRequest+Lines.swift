extension ExampleRequest {
    /// The command after `lead`, in lines of at most `width` columns, for
    /// the empty log's hint and the endpoint view's `try:`: one line where
    /// it fits. Else `lead` has a line of its own and the command follows
    /// (each line after `indent`, the arguments after the first after
    /// `continuation` too), an argument a line, each line but the last
    /// ending in ` \` so that a shell reads the lines as one command; where
    /// even that is too wide, the URL goes without `http://`, which curl
    /// assumes, and then on a line of its own after `curl`. Only an
    /// argument wider than the screen is broken in the middle, none of it
    /// left out.
    func lines(
        lead: String, indent: String = "", continuation: String = "  ", serverURL: String, method: String = "GET",
        width: Int, shown: (String) -> String
    ) -> [String] {
        var arguments = self.arguments(serverURL: serverURL, method: method).map(shown)
        let whole = lead + " " + arguments.joined(separator: " ")
        if TerminalText.columns(whole) <= width { return [whole] }
        let room = width - TerminalText.columns(indent)
        let continued = arguments.count > 1 ? 2 : 0
        if TerminalText.columns(arguments[0]) + continued > room, serverURL.hasPrefix("http://") {
            arguments = self.arguments(serverURL: String(serverURL.dropFirst(7)), method: method).map(shown)
        }
        if TerminalText.columns(arguments.joined(separator: " ")) <= room {
            return [lead, indent + arguments.joined(separator: " ")]
        }
        // `curl` (and its `-X`) apart from the URL, which is then whole
        // where it fits a line (the URL is percent-encoded: no spaces).
        if TerminalText.columns(arguments[0]) + continued > room, let space = arguments[0].lastIndex(of: " ") {
            let command = arguments.removeFirst()
            arguments.insert(
                contentsOf: [String(command[..<space]), String(command[command.index(after: space)...])], at: 0)
        }
        var lines = [lead]
        for (index, argument) in arguments.enumerated() {
            let line = (index == 0 ? "" : continuation) + argument + (index < arguments.count - 1 ? " \\" : "")
            var rest = Substring(line)
            while !rest.isEmpty {
                let piece = TerminalText.cut(rest, columns: max(1, room))
                lines.append(indent + piece)
                rest = rest[piece.endIndex...]
            }
        }
        return lines
    }
}
