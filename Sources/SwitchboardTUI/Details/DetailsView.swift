/// One request opened with `enter`: its lines, ready to draw, and how far
/// down the reader has scrolled.
public struct DetailsView: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        /// What is shown, credentials masked.
        public var text: String
        public var style: Style
        /// The line unmasked, for a line that holds a credential.
        public var revealed: String?

        public init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    public var title: String
    public var lines: [Line]
    /// The first line shown.
    public var scroll = 0
    /// The request's journal sequence number (what `w` records).
    public var sequence: Int?
    /// `REQUEST` or `ENDPOINT`: what the view is of.
    public var heading: String
    /// Credentials shown as sent (`v`), not masked.
    public var revealsSecrets = false

    public init(title: String, lines: [Line], sequence: Int? = nil, heading: String = "REQUEST") {
        self.title = title
        self.lines = lines
        self.sequence = sequence
        self.heading = heading
    }

    /// Whether any line holds a credential, masked or not.
    public var hasSecrets: Bool {
        self.lines.contains { $0.revealed != nil }
    }
}
