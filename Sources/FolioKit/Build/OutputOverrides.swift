/// Content files that land where the theme or Folio itself writes a file: the content file wins, with a warning.
///
/// `Content/assets/folio.css` takes the place of the theme's stylesheet, `Content/404.html` of the generated
/// 404 page; the other file is then not written at all, so the output never depends on the order of the writes.
struct OutputOverrides: Sendable {
    /// Output paths that a page or a static file of the content folder writes.
    let claimed: Set<OutputPath>

    /// The files Folio generates itself, by output path, with what each comes from (a `robots.txt` of the content
    /// takes the generated one's place without a word: the guide says it is copied instead).
    static func generated(theme: Theme, site: Site) -> [OutputPath: String] {
        var files = [AppearanceStylesheet.outputPath: "the stylesheet Folio generates from appearance.yml"]
        if theme.layouts.contains("404") {
            files[.notFoundPage] = "the 404 page Folio generates from layouts/404.mustache"
        }
        for path in SitePublication.pageListFiles(site) {
            files[OutputPath(sitePath: path)] = "the \(path.dropFirst()) Folio generates from the site's pages"
        }
        if site.publishing.models {
            for path in [PublishedModel.indexPath, PublishedModel.schemaPath] {
                files[OutputPath(sitePath: path)] = "the \(path.dropFirst()) Folio generates with 'models: true'"
            }
            for page in site.pages {
                files[OutputPath(sitePath: PublishedModel.path(for: page.url))] =
                    "the model of \(page.url) Folio generates with 'models: true'"
            }
        }
        return files
    }

    /// Warns of each content file that takes a generated file's or a theme asset's place.
    init(site: Site, theme: Theme, diagnostics warnings: inout Diagnostics) {
        // Only the paths of Folio's own files and the theme's assets can be taken: their owners, if any (the last
        // file to claim one, pages after static files). No map of every page's output is made for a few lookups.
        let generated = Self.generated(theme: theme, site: site)
        let contested = Set(generated.keys).union(theme.assets.keys.map(Theme.assetPath))
        var claimed: [OutputPath: String] = [:]
        for file in site.staticFiles {
            let output = OutputPath(file)
            if contested.contains(output) { claimed[output] = FileTree.display(site.contentDirectory, file) }
        }
        // A page writes an `index.html` (`OutputPath(page:)`): the pages are looked through only when such a path is
        // contested (a theme's `assets/…/index.html`), not at every build.
        if contested.contains(where: { $0.relative.hasSuffix("index.html") }) {
            for index in site.pages.indices {
                let output = site.pages[index].outputPath
                if contested.contains(output) { claimed[output] = site.pages[index].displayPath }
            }
        }
        self.claimed = Set(claimed.keys)
        Self.checkPageFolders(site: site, generated: generated, theme: theme, diagnostics: &warnings)

        for (path, what) in generated.sorted(by: { $0.key < $1.key }) {
            guard let owner = claimed[path] else { continue }
            let effect = path == AppearanceStylesheet.outputPath ? ", so no appearance rule takes effect" : ""
            warnings.report(
                .warning(
                    "this file takes the place of \(what)\(effect): the content file wins; rename or remove it to get the generated one",
                    at: owner))
        }
        for (name, file) in theme.assets.sorted(by: { $0.key < $1.key }) {
            guard let owner = claimed[Theme.assetPath(name)] else { continue }
            warnings.report(
                .warning(
                    "this file takes the place of the theme's assets/\(name) (\(file.displayPath)): the content file wins; "
                        + "rename or remove it to use the theme's, or change the theme's file instead",
                    at: owner))
        }
    }

    /// A page written into a folder named as one of Folio's own files (`sitemap.xml.md` is `sitemap.xml/index.html`)
    /// cannot be written, and neither can the file: an error at the page, in check and build alike.
    private static func checkPageFolders(
        site: Site, generated: [OutputPath: String], theme: Theme, diagnostics: inout Diagnostics
    ) {
        var files = generated
        for (name, file) in theme.assets {
            files[Theme.assetPath(name)] = "the theme's assets/\(name) (\(file.displayPath))"
        }
        if site.config.search { files[SearchIndex.indexPath] = "the search index's \(SearchIndex.indexPath)" }
        if site.config.baseURL.contains("://") {
            files[OutputPath(sitePath: "/robots.txt")] = "the robots.txt Folio generates for the sitemap"
        }
        // Each folder's page is its index.html: a page in a folder of that name (`slug: index.html`) takes its place.
        for index in site.pages.indices where site.pages[index].url.contains("/index.html/") {
            diagnostics.report(
                .error(
                    "this page is written into a folder named index.html, the name of the file its folder's page is "
                        + "written to; rename or move the page, or set 'slug'", at: site.pages[index].displayPath))
        }
        // Only a page whose URL starts with such a file's first folder can be inside it: each page's first segment is
        // looked up (a few bytes), not its every folder.
        let firsts = Set(files.keys.map { String($0.relative.prefix { $0 != "/" }) })
        for index in site.pages.indices {
            let url = site.pages[index].url
            guard firsts.contains(String(url.utf8.dropFirst().prefix { $0 != UInt8(ascii: "/") })!) else { continue }
            var folder = site.pages[index].outputPath.directory
            while !folder.isEmpty {
                if let what = files[OutputPath(folder)] {
                    diagnostics.report(
                        .error(
                            "this page is written into the folder \(folder)/ of the output, the name of \(what); "
                                + "rename or move the page, or set 'slug'", at: site.pages[index].displayPath))
                    break
                }
                folder = SitePath.directory(of: folder)
            }
        }
    }

    /// Whether the theme's or Folio's own file at `path` is written: not when a content file takes its place.
    func allows(_ path: OutputPath) -> Bool { !claimed.contains(path) }
}
