/// What the site knows of a page before its file is modelled: where it is, its URL and title, and what the rest
/// of the site reads of its front matter. The same whether the read stage parsed the file or took the build
/// cache's record of it; the whole front matter belongs to the `Page` the model stage makes.
public struct PageSource: Sendable, Equatable {
    /// Path below the content folder (`guide/setup.md`).
    public var sourcePath: String
    /// Path as the user would open it (`Content/guide/setup.md`).
    public var displayPath: String
    /// Site path (`/guide/setup/`).
    public var url = "/"
    public var title = ""
    public var listing = PageListing()

    public init(
        sourcePath: String, displayPath: String, url: String = "/", title: String = "",
        listing: PageListing = PageListing()
    ) {
        self.sourcePath = sourcePath
        self.displayPath = displayPath
        self.url = url
        self.title = title
        self.listing = listing
    }

    /// The file in the output folder that serves the page.
    var outputPath: OutputPath { OutputPath(page: url) }
}

/// The front matter other pages and the site-wide files read: a page's place in lists, the sidebar, feeds and the
/// sitemap, and the layout and container it renders in. The build cache keeps exactly these for every page.
public struct PageListing: Sendable, Equatable {
    public var description: String?
    public var date: String?
    public var weight: Int?
    public var draft = false
    public var layout = "default"
    /// Where `layout:` stands in the file, for a layout the theme does not have.
    public var layoutPosition: FrontMatter.Position?
    public var container: String?

    public init() {}

    public init(_ front: FrontMatter) {
        description = front.description
        date = front.date
        weight = front.weight
        draft = front.draft
        layout = front.layout
        layoutPosition = front.layoutPosition
        container = front.container
    }
}

/// A page with its whole front matter and its table data model, ready to render.
public struct Page: Sendable {
    public var source: PageSource
    public var front: FrontMatter
    public var model: TableModel
    /// The links and images of the Markdown, for the link check.
    public var links: [PageLink] = []

    public var url: String { source.url }
    public var title: String { source.title }
    public var displayPath: String { source.displayPath }
    public var sourcePath: String { source.sourcePath }
    var outputPath: OutputPath { source.outputPath }
}
