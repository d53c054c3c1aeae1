import Foundation

/// Everything read from the content folder: the config, the pages with their models, the static files.
public struct Site: Sendable {
    public var contentDirectory: String
    public var config: SiteConfig
    public var pages: [Page]
    /// Content-relative paths of files copied as they are.
    public var staticFiles: [String]
}

/// Reads `Content/`: site.yml, every page's front matter, then every page's Markdown into its model.
public enum SiteReader {
    public struct Options: Sendable {
        public var contentDirectory: String
        public var includeDrafts = false
        public var baseURL: String?

        public init(contentDirectory: String, includeDrafts: Bool = false, baseURL: String? = nil) {
            self.contentDirectory = contentDirectory
            self.includeDrafts = includeDrafts
            self.baseURL = baseURL
        }
    }

    /// Files at the root of the content folder that configure the site rather than belong to it.
    static let configFiles: Set<String> = ["site.yml", "appearance.yml"]

    public static func read(_ options: Options, diagnostics: inout [Diagnostic]) -> Site {
        let root = options.contentDirectory
        var config = readConfig(root, &diagnostics)
        if let baseURL = options.baseURL { config.baseURL = baseURL }

        let files = FileTree.regularFiles(under: root, skipUnderscore: true)
        let sources = files.filter { $0.lowercased().hasSuffix(".md") }
        let staticFiles = files.filter { !$0.lowercased().hasSuffix(".md") && !configFiles.contains($0) }

        // Front matter first: every page's URL must be known before any link can be rewritten.
        let drafts = sources.parallelMap { readSource($0, root: root) }
        var kept: [PageSource] = []
        for draft in drafts {
            diagnostics += draft.diagnostics
            if draft.front.draft && !options.includeDrafts { continue }
            kept.append(draft)
        }
        kept.sort { ($0.front.weight ?? Int.max, $0.sourcePath) < ($1.front.weight ?? Int.max, $1.sourcePath) }
        diagnostics += checkURLs(kept, staticFiles: staticFiles, root: root)

        let links = LinkPolicy(pageURLs: Dictionary(kept.map { ($0.sourcePath, $0.url) }, uniquingKeysWith: { first, _ in first }))
        let siteConfig = config
        let built = kept.parallelMap { source in buildPage(source, config: siteConfig, links: links) }
        var pages: [Page] = []
        for (page, pageDiagnostics) in built {
            diagnostics += pageDiagnostics
            pages.append(page)
        }
        return Site(contentDirectory: root, config: config, pages: pages, staticFiles: staticFiles)
    }

    private static func readConfig(_ root: String, _ diagnostics: inout [Diagnostic]) -> SiteConfig {
        let path = root + "/site.yml"
        let display = FileTree.display(root, "site.yml")
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(.error("no site.yml: create it with at least 'title: My Site'", at: display))
            return SiteConfig()
        }
        switch UTF8Check.decode([UInt8](data)) {
        case .success(let text): return SiteConfigParser.parse(text, path: display, diagnostics: &diagnostics)
        case .failure(let position):
            diagnostics.append(.error("site.yml is not valid UTF-8", at: display, line: position.line, column: position.column))
            return SiteConfig()
        }
    }

    struct PageSource: Sendable {
        var sourcePath: String
        var displayPath: String
        var front = FrontMatter()
        var body = ""
        var lineOffset = 0
        var url = "/"
        var diagnostics: [Diagnostic] = []
    }

    static func readSource(_ sourcePath: String, root: String) -> PageSource {
        var source = PageSource(sourcePath: sourcePath, displayPath: FileTree.display(root, sourcePath))
        guard let data = FileManager.default.contents(atPath: root + "/" + sourcePath) else {
            source.diagnostics.append(.error("cannot read the file", at: source.displayPath))
            return source
        }
        let text: String
        switch UTF8Check.decode([UInt8](data)) {
        case .success(let decoded): text = decoded
        case .failure(let position):
            source.diagnostics.append(.error("the file is not valid UTF-8: save it as UTF-8", at: source.displayPath,
                line: position.line, column: position.column))
            return source
        }
        let split = FrontMatterParser.split(text, path: source.displayPath, diagnostics: &source.diagnostics)
        if let yaml = split.yaml {
            source.front = FrontMatterParser.parse(yaml, path: source.displayPath, diagnostics: &source.diagnostics)
        }
        source.body = split.body
        source.lineOffset = split.bodyLineOffset
        source.url = SitePath.pageURL(forSource: sourcePath, slug: source.front.slug)
        return source
    }

    /// Two files that would write the same output file.
    private static func checkURLs(_ pages: [PageSource], staticFiles: [String], root: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        for file in staticFiles { owners["/" + file] = FileTree.display(root, file) }
        for page in pages {
            let output = page.url + "index.html"
            if let other = owners[output] {
                diagnostics.append(.error("this page and \(other) both map to the URL \(page.url); rename one or set 'slug'",
                    at: page.displayPath))
            } else {
                owners[output] = page.displayPath
            }
        }
        return diagnostics
    }

    static func buildPage(_ source: PageSource, config: SiteConfig, links: LinkPolicy) -> (Page, [Diagnostic]) {
        let output = ModelBuilder.build(.init(
            markdown: source.body, lineOffset: source.lineOffset, sourcePath: source.sourcePath,
            displayPath: source.displayPath, pageURL: source.url,
            sectionLevel: source.front.sectionLevel ?? config.sectionLevel, unsafeHTML: config.unsafeHTML,
            titleFromHeading: source.front.title == nil, view: source.front.view, links: links))
        let title = source.front.title ?? output.headingTitle ?? fallbackTitle(source.sourcePath, config: config)
        var model = output.model
        model.title = title
        let page = Page(sourcePath: source.sourcePath, displayPath: source.displayPath, front: source.front,
            url: source.url, title: title, model: model)
        return (page, output.diagnostics)
    }

    /// The file name, or for an `index.md` its folder's name (the site title at the root).
    private static func fallbackTitle(_ sourcePath: String, config: SiteConfig) -> String {
        let parts = sourcePath.split(separator: "/")
        let name = String(parts.last ?? "").dropLast(3)
        if name == "index" { return parts.count > 1 ? String(parts[parts.count - 2]) : config.title }
        return String(name)
    }
}
