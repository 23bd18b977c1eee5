/// Who changed an endpoint's setting: what a marker line in the log names,
/// so a saved session reads as cause, then effect.
public enum ChangeOrigin: Sendable, Hashable {
    /// A key on the screen.
    case key
    /// `POST /__switchboard/…` from anything but the CLI.
    case controlAPI
    /// `switchboard set`, `reset`, `scenario`.
    case commandLine
    /// A drill's step (numbered from 1), its start, end or stop.
    case drill(String, step: Int?)
    /// The fixtures changed on disk.
    case reload
    /// SwitchboardKit, from a test's code.
    case code

    /// `key`, `control API`, `drill bad-day, step 2`: the text in brackets
    /// after a marker.
    public var label: String {
        switch self {
        case .key: "key"
        case .controlAPI: "control API"
        case .commandLine: "CLI"
        case .drill(let name, let step): "drill \(name)" + (step.map { ", step \($0)" } ?? "")
        case .reload: "reload"
        case .code: "code"
        }
    }
}
