import ArgumentParser
import SwitchboardCore

/// `--upstream https://api.example.com`: checked as the manifest's
/// `upstream:` is, with the same words.
struct UpstreamArgument: ExpressibleByArgument, Sendable {
    let url: UpstreamURL

    init?(argument: String) {
        guard case .success(let url) = UpstreamURL.parse(argument) else { return nil }
        self.url = url
    }

    var defaultValueDescription: String { self.url.description }
}
