import Foundation
import SwitchboardCore

extension SwitchboardCommand {
    /// `switchboard statsu`: a word near a command's name that is not a
    /// folder is a typo, not a fixtures folder to look for (which would say
    /// "no switchboard.yml in statsu" and leave the real mistake unsaid).
    static func mistypedCommand(_ argument: String?) -> (word: String, command: String)? {
        guard let argument, !argument.hasPrefix("-"), !argument.contains("/") else { return nil }
        let commands = Self.configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !commands.contains(argument), !FileManager.default.fileExists(atPath: argument) else { return nil }
        return EditDistance.suggestion(for: argument, among: commands).map { (argument, $0) }
    }
}
