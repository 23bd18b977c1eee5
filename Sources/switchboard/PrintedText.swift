import Foundation
import SwitchboardTUI

/// Text for stdout and stderr that may hold names from the network (a
/// request's path in an endpoint id or a file name), from the disk (a
/// folder's or a fixture's name) or from a description (its base path, an
/// operation id): nothing in it may move the cursor, set the title, write
/// the clipboard or clear the screen of the terminal it is printed on.
enum PrintedText {
    /// `text`, line by line, with control characters escaped as the screen
    /// escapes them (`TerminalText.clean`).
    static func safe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.clean(String($0)) }
            .joined(separator: "\n")
    }
}

/// Where the commands' messages are printed, each made safe
/// (`PrintedText.safe`) here rather than where it is worded, so no message
/// that quotes a manifest, a description or a server's answer is missed.
/// Machine output that escapes its own strings (JSON) is printed as it is.
enum Console {
    /// A line on stderr, written at once (no Foundation buffering).
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((PrintedText.safe(line) + "\n").utf8))
    }

    /// A line (or several) on stdout.
    static func out(_ text: String) {
        print(PrintedText.safe(text))
    }
}
