import Foundation

/// A query parameter or header that a request must carry to match.
public struct ValueRequirement: Sendable, Hashable {
    public var name: String
    /// `nil` means any value (the manifest's `"*"`).
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// A requirement as a manifest's `query:` or `headers:` (or the
    /// builder's) writes it: the value `"*"` is any value.
    public init(name: String, declared value: String) {
        self.init(name: name, value: value == "*" ? nil : value)
    }

    /// Whether `actual` satisfies this requirement. For headers a value that
    /// is a comma-separated list (`Accept: a, b`) satisfies it if one item does.
    public func accepts(_ actual: String?, listValued: Bool = false) -> Bool {
        guard let actual else { return false }
        guard let expected = self.value else { return true }
        if actual == expected { return true }
        guard listValued else { return false }
        return actual.split(separator: ",").contains { item in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            let bare = trimmed.split(separator: ";", maxSplits: 1).first.map(String.init) ?? trimmed
            return trimmed.caseInsensitiveEquals(expected)
                || bare.trimmingCharacters(in: .whitespaces).caseInsensitiveEquals(expected)
        }
    }

    public var description: String {
        "\(self.name)=\(self.value ?? "*")"
    }
}

extension StringProtocol {
    func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
        self.lowercased() == other.lowercased()
    }
}
