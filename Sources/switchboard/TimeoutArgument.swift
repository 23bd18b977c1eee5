import ArgumentParser
import SwitchboardCore
import SwitchboardModel

/// A timeout option (`30s`, `500ms`, `1m`), parsed once where it is read.
/// Zero is refused like any other nonsense: a timeout of nothing would end
/// every connection at once.
struct TimeoutArgument: ExpressibleByArgument, Sendable {
    let duration: Duration
    let text: String

    init?(argument: String) {
        guard let duration = DurationText.parse(argument), duration > .zero else { return nil }
        self.duration = duration
        self.text = argument
    }

    var defaultValueDescription: String { self.text }
}
