import Foundation

extension SpecMedia {
    /// The one of `media` that takes a body sent as `Content-Type: sent`
    /// (parameters aside, any case; `application/*` and `*/*` take any of
    /// theirs). A body sent without a `Content-Type` is read as the first
    /// JSON type (else the first): what senders that leave it out mean.
    static func taking(_ sent: String?, from media: [SpecMedia]) -> SpecMedia? {
        guard let sent, !sent.isEmpty else { return media.first(where: \.isJSON) ?? media.first }
        func bare(_ type: String) -> String {
            type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
        let type = bare(sent)
        return media.first { bare($0.type) == type }
            ?? media.first { candidate in
                let wanted = bare(candidate.type)
                if wanted == "*/*" { return true }
                guard wanted.hasSuffix("/*") else { return false }
                return type.hasPrefix(wanted.dropLast())
            }
    }
}
