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
    /// The title unmasked, when the request's query holds a credential.
    public var revealedTitle: String?
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

    /// The view as a terminal that is not UTF-8 draws it (`TerminalText.ascii`),
    /// made once when it opens, so that scrolling counts the rows drawn.
    public func forASCII() -> DetailsView {
        var view = self
        view.title = TerminalText.ascii(self.title)
        view.revealedTitle = self.revealedTitle.map(TerminalText.ascii)
        for index in view.lines.indices {
            view.lines[index].text = TerminalText.ascii(view.lines[index].text)
            view.lines[index].revealed = view.lines[index].revealed.map(TerminalText.ascii)
        }
        return view
    }

    /// Whether any line holds a credential, masked or not.
    public var hasSecrets: Bool {
        self.revealedTitle != nil || self.lines.contains { $0.revealed != nil }
    }
}
