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
}
