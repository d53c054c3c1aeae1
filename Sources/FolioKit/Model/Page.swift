/// What the site knows of a page before rendering it: where it is, its front matter, URL and title.
/// Bodies are not kept: a page's Markdown is read again when it renders, so memory stays flat.
public struct PageSource: Sendable {
    /// Path below the content folder (`guide/setup.md`).
    public var sourcePath: String
    /// Path as the user would open it (`Content/guide/setup.md`).
    public var displayPath: String
    public var front = FrontMatter()
    /// Site path (`/guide/setup/`).
    public var url = "/"
    public var title = ""
    /// True when only what the build cache keeps is known (no front matter beyond listing fields).
    var isStub = false

    /// The file in the output folder that serves the page.
    var outputPath: OutputPath { OutputPath(page: url) }
}

/// A page with its table data model, ready to render.
public struct Page: Sendable {
    public var source: PageSource
    public var model: TableModel
    /// The links and images of the Markdown, for the link check.
    public var links: [PageLink] = []

    public var url: String { source.url }
    public var title: String { source.title }
    public var front: FrontMatter { source.front }
    public var displayPath: String { source.displayPath }
    public var sourcePath: String { source.sourcePath }
    var outputPath: OutputPath { source.outputPath }
}
