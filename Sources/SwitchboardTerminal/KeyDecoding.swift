import CNcurses
import SwitchboardTUI

/// ncurses key codes to `Key`.
enum KeyDecoding {
    static func key(code: wint_t, isFunctionKey: Bool) -> Key? {
        let value = Int32(bitPattern: code)
        if isFunctionKey {
            switch value {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_ENTER: return .enter
            case KEY_BTAB: return .backTab
            case KEY_BACKSPACE: return .backspace
            case sb_key_resize(): return .resize
            case sb_key_mouse(): return self.mouse()
            default: return nil
            }
        }
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 96)))
        case 32...: return Unicode.Scalar(UInt32(value)).map { .char(Character($0)) }
        default: return nil
        }
    }

    /// The mouse event ncurses has waiting, if it is one the screen uses.
    static func mouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return self.mouse(buttons: event.bstate, x: Int(event.x), y: Int(event.y))
    }

    static func mouse(buttons: mmask_t, x: Int, y: Int) -> Key? {
        if buttons & (sb_button1_pressed() | sb_button1_clicked()) != 0 {
            return .mouse(MouseEvent(.click, x: x, y: y))
        }
        if buttons & sb_wheel_up() != 0 { return .mouse(MouseEvent(.wheelUp, x: x, y: y)) }
        if buttons & sb_wheel_down() != 0 { return .mouse(MouseEvent(.wheelDown, x: x, y: y)) }
        return nil
    }
}
