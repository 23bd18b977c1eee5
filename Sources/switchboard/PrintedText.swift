import SwitchboardTUI

/// Text for stdout and stderr that may hold names from the network (a
/// request's path in an endpoint id or a file name) or from the disk (a
/// folder's name): nothing in it may move the cursor, set the title or
/// clear the screen of the terminal it is printed on.
enum PrintedText {
    /// `text`, line by line, with control characters escaped as the screen
    /// escapes them (`TerminalText.clean`).
    static func safe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.clean(String($0)) }
            .joined(separator: "\n")
    }
}
