/// A document as a table: an intro, then sections of rows, like a `UITableView` data source.
public struct TableModel: Sendable {
    public var title: String
    public var url: String
    public var view: ViewSpec
    /// The blocks before the first section heading, as HTML.
    public var intro: String
    public var introRows: [Row]
    public var sections: [Section]

    public init(title: String, url: String, view: ViewSpec, intro: String, introRows: [Row], sections: [Section]) {
        self.title = title
        self.url = url
        self.view = view
        self.intro = intro
        self.introRows = introRows
        self.sections = sections
    }

    /// Sections at every depth.
    public var sectionCount: Int { sections.reduce(0) { $0 + 1 + $1.descendantCount } }
}

/// A heading and what follows it up to the next heading of the same or a higher level.
public struct Section: Sendable {
    public var id: String
    /// The heading's inline HTML.
    public var title: String
    /// The heading as plain text.
    public var text: String
    public var level: Int
    public var rows: [Row]
    /// The rows as HTML, with lists kept whole.
    public var html: String
    /// How this section's subsections render; nil when the page's nesting decides.
    public var view: ViewSpec?
    public var sections: [Section]
    public var line: Int
    /// More ids the heading answers to: anchors written in it (`## <a name="intro">Introduction</a>`).
    public var anchors: [String]

    public init(
        id: String, title: String, text: String, level: Int, rows: [Row] = [], html: String = "",
        view: ViewSpec? = nil, sections: [Section] = [], line: Int = 0, anchors: [String] = []
    ) {
        self.anchors = anchors
        self.id = id
        self.title = title
        self.text = text
        self.level = level
        self.rows = rows
        self.html = html
        self.view = view
        self.sections = sections
        self.line = line
    }

    var descendantCount: Int { sections.reduce(0) { $0 + 1 + $1.descendantCount } }
}

/// One top-level block of a section, or one item of a top-level list.
public struct Row: Sendable {
    public enum Kind: String, Sendable {
        case paragraph
        case listItem = "list-item"
        case code, quote, html
        case thematicBreak = "thematic-break"
        case heading, other
        /// GitHub-flavored Markdown: a table, an alert (`> [!NOTE]`), a section's footnotes.
        case table, alert, footnotes
    }

    public var kind: Kind
    public var html: String
    public var text: String

    public init(kind: Kind, html: String, text: String) {
        self.kind = kind
        self.html = html
        self.text = text
    }
}
