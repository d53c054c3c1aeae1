import Foundation

/// Everything read from the content folder: the config, every page's front matter, the static files.
public struct Site: Sendable {
    public var contentDirectory: String
    public var config: SiteConfig
    public var pages: [PageSource]
    /// Content-relative paths of files copied as they are.
    public var staticFiles: [String]
    var links: LinkPolicy
    /// site.yml's `models:` and `feeds:`.
    var publishing = PublishConfig()
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
        let reading = read(options, previous: nil)
        diagnostics += reading.diagnostics + reading.pageDiagnostics.values.flatMap { $0 }
        return reading.site
    }

    /// The site, and what came from the previous build's cache instead of the files.
    struct Reading {
        var site: Site
        /// Problems of site.yml and of the site as a whole.
        var diagnostics: [Diagnostic]
        /// Problems found reading each page's front matter, by source path.
        var pageDiagnostics: [String: [Diagnostic]]
        var fingerprints: [String: FileFingerprint]
        /// Pages whose file is unchanged since the cached build: their sources are stubs from the cache.
        var unchanged: Set<String>
        var siteYAML: [UInt8]
    }

    /// Reads the site; a page whose file is unchanged since `previous` is taken from the cache without reading it.
    static func read(_ options: Options, previous: BuildCache?) -> Reading {
        let root = options.contentDirectory
        var diagnostics: [Diagnostic] = []
        let siteYAML = FileManager.default.contents(atPath: root + "/site.yml").map { [UInt8]($0) } ?? []
        var config = readConfig(root, &diagnostics)
        if let baseURL = options.baseURL { config.baseURL = baseURL }

        let listing = FileTree.list(root, skipUnderscore: true, followSymlinks: config.followSymlinks)
        diagnostics += listing.diagnostics
        let files = listing.files
        let markdownFiles = files.filter { $0.lowercased().hasSuffix(".md") }
        let staticFiles = files.filter { !$0.lowercased().hasSuffix(".md") && !configFiles.contains($0) }

        // Front matter and titles first: every page's URL and title must be known before any page renders.
        let siteConfig = config
        let sources = markdownFiles.parallelMap { path -> (PageSource, [Diagnostic], FileFingerprint?, Bool) in
            let fingerprint = FileFingerprint(path: root + "/" + path)
            if let record = previous?.pages[path], record.fingerprint == fingerprint {
                return (
                    PageSource(stub: path, root: root, record: record), record.frontDiagnostics.map(\.diagnostic),
                    fingerprint, true
                )
            }
            let (source, sourceDiagnostics) = readSource(path, root: root, config: siteConfig)
            return (source, sourceDiagnostics, fingerprint, false)
        }
        var kept: [PageSource] = []
        var pageDiagnostics: [String: [Diagnostic]] = [:]
        var fingerprints: [String: FileFingerprint] = [:]
        var unchanged: Set<String> = []
        for (source, sourceDiagnostics, fingerprint, isUnchanged) in sources {
            fingerprints[source.sourcePath] = fingerprint
            if source.front.draft && !options.includeDrafts { continue }
            pageDiagnostics[source.sourcePath] = sourceDiagnostics
            if isUnchanged { unchanged.insert(source.sourcePath) }
            kept.append(source)
        }
        for file in staticFiles { fingerprints[file] = FileFingerprint(path: root + "/" + file) }
        kept.sort { ($0.front.weight ?? Int.max, $0.sourcePath) < ($1.front.weight ?? Int.max, $1.sourcePath) }
        diagnostics += checkURLs(kept, staticFiles: staticFiles, root: root)
        let links = LinkPolicy(
            pageURLs: Dictionary(kept.map { ($0.sourcePath, $0.url) }, uniquingKeysWith: { first, _ in first }),
            staticFiles: Set(staticFiles))
        var site = Site(contentDirectory: root, config: config, pages: kept, staticFiles: staticFiles, links: links)
        site.publishing = PublishConfig.parse(
            siteYAML, path: FileTree.display(root, "site.yml"), diagnostics: &diagnostics)
        return Reading(
            site: site, diagnostics: diagnostics, pageDiagnostics: pageDiagnostics, fingerprints: fingerprints,
            unchanged: unchanged, siteYAML: siteYAML)
    }

    private static func readConfig(_ root: String, _ diagnostics: inout [Diagnostic]) -> SiteConfig {
        let path = root + "/site.yml"
        let display = FileTree.display(root, "site.yml")
        switch SourceText.read(path) {
        case .success(let text): return SiteConfigParser.parse(text, path: display, diagnostics: &diagnostics)
        case .failure(.unreadable):
            diagnostics.append(.error("no site.yml: create it with at least 'title: My Site'", at: display))
        case .failure(let failure):
            diagnostics.append(SourceText.diagnostic(failure, at: display, what: "site.yml"))
        }
        return SiteConfig()
    }

    /// A page file's text, or the reason it has none: unreadable, over the site's page size limit, or not UTF-8.
    static func readText(_ sourcePath: String, root: String, displayPath: String, limit: Int) -> Result<
        String, Diagnostic
    > {
        SourceText.read(root + "/" + sourcePath, limit: limit).mapError { SourceText.diagnostic($0, at: displayPath) }
    }

    static func readSource(_ sourcePath: String, root: String, config: SiteConfig) -> (PageSource, [Diagnostic]) {
        var source = PageSource(sourcePath: sourcePath, displayPath: FileTree.display(root, sourcePath))
        var diagnostics: [Diagnostic] = []
        let text: String
        switch readText(sourcePath, root: root, displayPath: source.displayPath, limit: config.maxPageSize) {
        case .success(let read): text = read
        case .failure(let diagnostic):
            source.url = SitePath.pageURL(forSource: sourcePath, slug: nil)  // its own URL, not "/", so no false clash
            return (source, [diagnostic])
        }
        let split = FrontMatterParser.split(text, path: source.displayPath, diagnostics: &diagnostics)
        if let yaml = split.yaml {
            source.front = FrontMatterParser.parse(yaml, path: source.displayPath, diagnostics: &diagnostics)
        }
        source.url = SitePath.pageURL(forSource: sourcePath, slug: source.front.slug)
        source.title = title(of: source, body: split.body, config: config)
        return (source, diagnostics)
    }

    /// The front matter's title, else the first `#` heading's, else the file's name.
    static func title(of source: PageSource, body: String, config: SiteConfig) -> String {
        source.front.title ?? TitleScanner.firstHeadingTitle(body) ?? fallbackTitle(source.sourcePath, config: config)
    }

    /// Two files that would write the same output file.
    private static func checkURLs(_ pages: [PageSource], staticFiles: [String], root: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var owners: [OutputPath: String] = [:]
        for file in staticFiles { owners[OutputPath(file)] = FileTree.display(root, file) }
        for page in pages {
            let output = page.outputPath
            if let other = owners[output] {
                diagnostics.append(
                    .error(
                        "this page and \(other) both map to the URL \(page.url); rename one or set 'slug'",
                        at: page.displayPath))
            } else {
                owners[output] = page.displayPath
            }
        }
        return diagnostics
    }

    /// The file name, or for an `index.md` its folder's name (the site title at the root).
    private static func fallbackTitle(_ sourcePath: String, config: SiteConfig) -> String {
        let parts = sourcePath.split(separator: "/")
        let name = String(parts.last ?? "").dropLast(3)
        if name == "index" { return parts.count > 1 ? String(parts[parts.count - 2]) : config.title }
        return String(name)
    }
}
