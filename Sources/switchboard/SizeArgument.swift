import ArgumentParser
import SwitchboardCore

/// A size option (`64KB`, `10MB`, `512B`), parsed once where it is read;
/// ArgumentParser refuses anything else as a usage error.
struct SizeArgument: ExpressibleByArgument, Sendable {
    let bytes: Int
    /// As the user wrote it, for help and messages.
    let text: String

    init?(argument: String) {
        guard let bytes = ByteSize.parse(argument) else { return nil }
        self.bytes = bytes
        self.text = argument
    }

    var defaultValueDescription: String { self.text }
}
