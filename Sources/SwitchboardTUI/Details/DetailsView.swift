/// One request opened with `enter`: its lines, ready to draw, and how far
/// down the reader has scrolled.
public struct DetailsView: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public var text: String
        public var style: Style

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

    public init(title: String, lines: [Line], sequence: Int? = nil) {
        self.title = title
        self.lines = lines
        self.sequence = sequence
    }
}
