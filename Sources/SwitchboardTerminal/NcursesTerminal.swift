import CNcurses
import CTerminalRescue
import Foundation
import SwitchboardTUI

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that talks to ncurses. It draws grids (rewriting only rows
/// that changed) and turns key codes into `Key`s. Not thread-safe: create,
/// use and close it on one thread.
final class NcursesTerminal: Terminal {
    private let screen: OpaquePointer
    private var lastGrid: Grid?
    let colors: Bool
    let unicode: Bool

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    init(wantColor: Bool) throws(StartError) {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        self.unicode = codeset.uppercased() == "UTF-8" || codeset.uppercased() == "UTF8"
        _ = sb_rescue_save_terminal(STDOUT_FILENO)
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else {
            throw StartError(description: "cannot open the terminal")
        }
        // newterm, unlike initscr, returns NULL on an unknown TERM instead of exiting.
        guard let screen = newterm(nil, output, input) else {
            throw StartError(
                description:
                    "this terminal type is not known to ncurses — set TERM (e.g. xterm-256color) or run `switchboard serve`"
            )
        }
        self.screen = screen
        sb_rescue_install()
        raw()
        noecho()
        nonl()
        keypad(sb_stdscr(), true)
        nodelay(sb_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        // Presses, not clicks: ncurses would otherwise hold a press back
        // to see whether a double click follows.
        mouseinterval(0)
        _ = mousemask(sb_button1_pressed() | sb_wheel_up() | sb_wheel_down(), nil)
        var colors = false
        if wantColor && has_colors() {
            start_color()
            use_default_colors()
            for (index, color) in Color.allCases.enumerated() {
                init_pair(Int16(index + 1), Self.cursesColor(color), -1)
            }
            colors = true
        }
        self.colors = colors
    }

    var size: (width: Int, height: Int) {
        (Int(sb_cols()), Int(sb_lines()))
    }

    /// Draws `grid`, touching only rows that differ from the last frame.
    func draw(_ grid: Grid) {
        let full = self.lastGrid?.width != grid.width || self.lastGrid?.height != grid.height
        if full { wclear(sb_stdscr()) }
        var row = [cchar_t](repeating: cchar_t(), count: grid.width)
        // A character, the combining marks drawn with it, and a terminator;
        // reused for every cell. ncurses keeps at most 5 per cell.
        var characters = [wchar_t](repeating: 0, count: 6)
        for y in 0..<grid.height {
            if !full, let last = self.lastGrid, Self.rowEqual(last, grid, y) { continue }
            // One cchar_t per character: ncurses lays a wide one over two
            // columns itself, so the grid's right halves are skipped.
            var count = 0
            // The bottom-right cell may not be written without scrolling on
            // some terminals; leave the last column of the last row alone.
            let end = y == grid.height - 1 ? grid.width - 1 : grid.width
            for x in 0..<end where !grid[x, y].isWideTail {
                let cell = grid[x, y]
                if x + Self.columns(cell) > end { break }
                var length = 0
                for scalar in cell.character.unicodeScalars.prefix(5) {
                    characters[length] = wchar_t(bitPattern: scalar.value)
                    length += 1
                }
                if length == 0 {
                    characters[0] = 32
                    length = 1
                }
                characters[length] = 0
                let pair = self.colors ? Int16(cell.style.foreground.map { Self.pairIndex($0) } ?? 0) : 0
                setcchar(&row[count], &characters, self.attributes(cell.style), pair, nil)
                count += 1
            }
            _ = wmove(sb_stdscr(), Int32(y), 0)
            _ = wadd_wchnstr(sb_stdscr(), &row, Int32(count))
        }
        wnoutrefresh(sb_stdscr())
        doupdate()
        self.lastGrid = grid
    }

    /// Every key waiting in the input buffer.
    func readKeys() -> [Key] {
        var keys: [Key] = []
        while keys.count < 256 {
            var character: wint_t = 0
            let result = wget_wch(sb_stdscr(), &character)
            if result == ERR { break }
            if let key = KeyDecoding.key(code: character, isFunctionKey: result == KEY_CODE_YES) {
                // After a resize the screen may hold anything: repaint it all.
                if key == .resize { self.lastGrid = nil }
                keys.append(key)
            }
        }
        return keys
    }

    /// OSC 52, which most terminals honour (some ask first). Inside tmux
    /// the same sequence goes to tmux, which takes it when its
    /// `set-clipboard` option is `on`: a passthrough wrapping would need
    /// `allow-passthrough`, which is off by default, and would bypass tmux's
    /// own buffers.
    func copyToClipboard(_ text: String) -> Bool {
        let encoded = Data(text.utf8).base64EncodedString()
        // Terminals cap what they accept (xterm about 100 kB).
        guard encoded.utf8.count <= Self.clipboardLimit else { return false }
        let sequence = Array("\u{1B}]52;c;\(encoded)\u{07}".utf8)
        var offset = 0
        while offset < sequence.count {
            let written = sequence[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    static let clipboardLimit = 100_000

    func close() {
        endwin()
        delscreen(self.screen)
        sb_rescue_restore()
    }

    private func attributes(_ style: Style) -> attr_t {
        var attributes = sb_attr_normal()
        if style.bold { attributes |= sb_attr_bold() }
        if style.reverse { attributes |= sb_attr_reverse() }
        if style.dim { attributes |= sb_attr_dim() }
        return attributes
    }

    private static func columns(_ cell: Grid.Cell) -> Int {
        TerminalText.columns(cell.character)
    }

    private static func rowEqual(_ a: Grid, _ b: Grid, _ y: Int) -> Bool {
        for x in 0..<a.width where a[x, y] != b[x, y] { return false }
        return true
    }

    private static func pairIndex(_ color: Color) -> Int {
        (Color.allCases.firstIndex(of: color) ?? 0) + 1
    }

    private static func cursesColor(_ color: Color) -> Int16 {
        switch color {
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .red: Int16(COLOR_RED)
        case .cyan: Int16(COLOR_CYAN)
        case .magenta: Int16(COLOR_MAGENTA)
        case .blue: Int16(COLOR_BLUE)
        }
    }
}
