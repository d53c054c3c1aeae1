/// A file's place in the output folder, relative to it: `guide/tabs/index.html`, `search/r/3.js`, `404.html`.
///
/// The one place where a page's URL (`/guide/tabs/`) or a site path (`/sitemap.xml`) becomes the file that serves
/// it, and where that file is found inside a folder on disk (the staging folder, the previous output).
/// `OutputDirectory` writes, links and copies only these: a page's URL or a site path passed where a file is meant
/// does not compile.
struct OutputPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `/`-separated, without a leading `/`.
    let relative: String

    /// A path already relative to the output: a static file of the content folder (`img/logo.png`), a theme asset
    /// (`assets/folio.css`), a file Folio names itself (`404.html`).
    init(_ relative: String) {
        self.relative = relative
    }

    /// The file that serves the page at `url`: `/a/b/` → `a/b/index.html`, `/` → `index.html`.
    init(page url: String) {
        relative = String(url.dropFirst()) + "index.html"
    }

    /// The file at the site path `path`: `/sitemap.xml` → `sitemap.xml`.
    init(sitePath path: String) {
        relative = String(path.dropFirst())
    }

    /// The 404 page a theme with `layouts/404.mustache` gets.
    static let notFoundPage = OutputPath("404.html")

    /// The folder holding the file, relative to the output (`""` at the top).
    var directory: String { SitePath.directory(of: relative) }

    /// The file inside `folder`, a folder on disk laid out as the output is.
    func inside(_ folder: String) -> String { folder + "/" + relative }

    var description: String { relative }

    static func < (left: OutputPath, right: OutputPath) -> Bool { left.relative < right.relative }
}
