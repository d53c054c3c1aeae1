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

    public static func read(_ options: Options, diagnostics: inout Diagnostics) -> Site {
        read(options, previous: nil, diagnostics: &diagnostics).site
    }

    /// The site, and what came from the previous build's cache instead of the files.
    struct Reading {
        var site: Site
        /// The problems of the front matter of each page whose file this stage read, by source path (reported
        /// already): the cache keeps them with the page, so that a build reusing it reports them again. Only pages
        /// with problems are listed. A page taken from the cache has none here: the model stage finds its problems
        /// as it parses its front matter.
        var frontDiagnostics: [String: Diagnostics]
        /// The whole front matter of each page whose file this stage read, by source path; a page taken from the
        /// cache has none here: the model stage parses it from the same read as its Markdown. Boxed: a dictionary of
        /// 100,000 front matters held inline took 58 MB through the render, against 6 MB of boxes.
        var frontMatter: [String: ParsedFront]
        var fingerprints: [String: FileFingerprint]
        /// Pages whose file is unchanged since the cached build: their sources come from the cache.
        var unchanged: Set<String>
        var siteYAML: [UInt8]
        /// The pages before they were sorted, as listed (what a `KeptSiteIndex` is checked against).
        var listed: [PageSource] = []
        /// The URL check's findings (reported already).
        var urlProblems = Diagnostics()
        /// The last build's index, when the pages are placed as they were then (`folio serve`): the tree and the
        /// site key's part of the pages can be taken from it too.
        var keptIndex: KeptSiteIndex?
        /// The files as this read found them, for the next read in `folio serve` (nil when it met a symbolic link).
        var known: KnownFiles?
    }

    /// Reads the site; a page whose file is unchanged since `previous` is taken from the cache without reading it.
    /// With `kept` (the last build's index, in `folio serve`), pages listed and titled as they were then are in the
    /// same order with the same URLs: their order, URL check and link policy are taken from it. `keepsIndex`: the
    /// reading keeps the pages as listed, for the next build's check. With `known` (the last read's files, in
    /// `folio serve`) and `watched` (what changed since), only the changed files are looked at again, when those
    /// can stand for the rest (`KnownFiles`).
    static func read(
        _ options: Options, previous: BuildCache?, kept last: KeptSiteIndex? = nil, keepsIndex: Bool = false,
        known: KnownFiles? = nil, watched: WatchedChanges? = nil, diagnostics: inout Diagnostics
    ) -> Reading {
        let readStart = DispatchTime.now().uptimeNanoseconds
        let root = options.contentDirectory
        let siteFile = readSiteYAML(root, &diagnostics)
        var config = parseConfig(siteFile, root, &diagnostics)
        let siteYAML = siteFile ?? []
        if let baseURL = options.baseURL { config.baseURL = baseURL }

        // The files: the last read's, with the changed ones looked at again; else the folder walked.
        let changed = known?.changed(watched, root: root)
        let markdownFiles: [String]
        let staticFiles: [String]
        var metLinks = false
        if let known, changed != nil {
            (markdownFiles, staticFiles) = (known.markdownFiles, known.staticFiles)
        } else {
            let listing = FileTree.listing(root, skipUnderscore: true, followSymlinks: config.followSymlinks)
            // site.yml's own link is reported where it is read, as an error.
            let siteDisplay = FileTree.display(root, "site.yml")
            diagnostics.report(listing.diagnostics.filter { $0.path != siteDisplay || $0.severity == .error })
            metLinks = listing.metLinks
            markdownFiles = listing.files.filter(SitePath.isMarkdown)
            staticFiles = listing.files.filter { !SitePath.isMarkdown($0) && !configFiles.contains($0) }
        }
        /// A file's fingerprint: the last read's, for a file that did not change since; `looked`: asked for now.
        @Sendable func fingerprint(in folder: Int32, _ path: String) -> (FileFingerprint?, looked: Bool) {
            if let changed, !changed.contains(path), let last = known?.fingerprints[path] { return (last, false) }
            return (FileFingerprint(in: folder, path: path), true)
        }

        // Front matter and titles first: every page's URL and title must be known before any page renders.
        let siteConfig = config
        // Each file's fingerprint looked up from the content folder, opened once.
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        let sources = markdownFiles.parallelMap {
            path -> (PageSource, ParsedFront?, Diagnostics, FileFingerprint?, looked: Bool) in
            let (fingerprint, looked) = fingerprint(in: folder, path)
            if let record = previous?.pages[path], record.fingerprint == fingerprint {
                return (
                    PageSource(sourcePath: path, root: root, record: record), nil,
                    Diagnostics(record.frontDiagnostics.map(\.diagnostic)), fingerprint, looked
                )
            }
            var sourceDiagnostics = Diagnostics()
            let read = readSource(path, root: root, config: siteConfig, diagnostics: &sourceDiagnostics)
            return (read.source, ParsedFront(read.front), sourceDiagnostics, fingerprint, looked)
        }
        var pages: [PageSource] = []
        var frontDiagnostics: [String: Diagnostics] = [:]
        var frontMatter: [String: ParsedFront] = [:]
        // Taken from the last read when only some files changed: those are set again, not all 10,000.
        var fingerprints: [String: FileFingerprint] = changed != nil ? known?.fingerprints ?? [:] : [:]
        var unchanged: Set<String> = []
        pages.reserveCapacity(sources.count)
        fingerprints.reserveCapacity(sources.count + staticFiles.count)
        if previous != nil { unchanged.reserveCapacity(sources.count) }
        for (source, front, sourceDiagnostics, fingerprint, looked) in sources {
            if looked { fingerprints[source.sourcePath] = fingerprint }
            if source.listing.draft && !options.includeDrafts { continue }
            diagnostics.report(sourceDiagnostics)
            if let front {
                frontMatter[source.sourcePath] = front
                if !sourceDiagnostics.isEmpty { frontDiagnostics[source.sourcePath] = sourceDiagnostics }
            } else {
                unchanged.insert(source.sourcePath)
            }
            pages.append(source)
        }
        for file in staticFiles where changed?.contains(file) ?? true || fingerprints[file] == nil {
            fingerprints[file] = FileFingerprint(in: folder, path: file)
        }
        let index = last.flatMap { $0.fits(listed: pages, staticFiles: staticFiles) ? $0 : nil }
        // Not kept by `folio build`: sorting the pages would then copy them first.
        let listed = keepsIndex ? pages : []
        let links: LinkPolicy
        var urlProblems = Diagnostics()
        if let index {
            (pages, urlProblems, links) = (index.pages, index.urlProblems, index.links)
        } else {
            pages.sort {
                ($0.listing.weight ?? Int.max, $0.sourcePath) < ($1.listing.weight ?? Int.max, $1.sourcePath)
            }
            checkURLs(pages, staticFiles: staticFiles, root: root, diagnostics: &urlProblems)
            links = LinkPolicy(
                pageURLs: Dictionary(pages.map { ($0.sourcePath, $0.url) }, uniquingKeysWith: { first, _ in first }),
                staticFiles: Set(staticFiles))
        }
        diagnostics.report(urlProblems)
        var site = Site(contentDirectory: root, config: config, pages: pages, staticFiles: staticFiles, links: links)
        site.publishing = PublishConfig.parse(
            siteYAML, path: FileTree.display(root, "site.yml"), diagnostics: &diagnostics)
        let knownNow =
            metLinks
            ? nil
            : KnownFiles(
                root: root, markdownFiles: markdownFiles, staticFiles: staticFiles, fingerprints: fingerprints,
                readStart: readStart)
        return Reading(
            site: site, frontDiagnostics: frontDiagnostics, frontMatter: frontMatter, fingerprints: fingerprints,
            unchanged: unchanged, siteYAML: siteYAML, listed: listed, urlProblems: urlProblems, keptIndex: index,
            known: knownNow)
    }

    /// A page's front matter as the read stage parsed it, held apart: most pages of a rebuild come from the cache
    /// without one, and the read stage's per-page results stay small.
    ///
    /// The render takes it (`take()`) and lets it go with the page: a site of 100,000 pages held 50 MB of front
    /// matter the render had already used until its last page was written, at the build's peak.
    final class ParsedFront: @unchecked Sendable {
        /// In a box of its own, so that taking it frees the whole of it.
        private final class Box: Sendable {
            let front: FrontMatter
            init(_ front: FrontMatter) { self.front = front }
        }

        /// Set once; taken by the one worker that renders the page, so no two threads touch it.
        private var box: Box?
        init(_ front: FrontMatter) { box = Box(front) }

        /// The front matter, the first time (nil after: the page's file is then parsed again).
        func take() -> FrontMatter? {
            defer { box = nil }
            return box?.front
        }
    }

    /// site.yml's bytes; nil, with an error, when there are none to read. Only a file inside the content folder is
    /// read, whatever `followSymlinks` says (which site.yml itself would have to say).
    private static func readSiteYAML(_ root: String, _ diagnostics: inout Diagnostics) -> [UInt8]? {
        let display = FileTree.display(root, "site.yml")
        if let target = FileTree.linkOutside("site.yml", in: root, followSymlinks: false) {
            diagnostics.report(
                .error(
                    "site.yml is a symbolic link to \(target), outside \(FileTree.displayRoot(root))/: Folio reads "
                        + "site.yml only from inside it; copy the file there", at: display))
            return nil
        }
        switch SourceText.bytes(root + "/site.yml") {
        case .success(let bytes): return bytes
        case .failure(.unreadable):
            diagnostics.report(.error("no site.yml: create it with at least 'title: My Site'", at: display))
        case .failure(let failure):
            diagnostics.report(SourceText.diagnostic(failure, at: display, what: "site.yml"))
        }
        return nil
    }

    private static func parseConfig(_ bytes: [UInt8]?, _ root: String, _ diagnostics: inout Diagnostics) -> SiteConfig {
        guard let bytes else { return SiteConfig() }
        let display = FileTree.display(root, "site.yml")
        switch SourceText.decode(bytes) {
        case .success(let text): return SiteConfigParser.parse(text, path: display, diagnostics: &diagnostics)
        case .failure(let failure): diagnostics.report(SourceText.diagnostic(failure, at: display, what: "site.yml"))
        }
        return SiteConfig()
    }

    /// A page's file read for what the site needs before any page is modelled: its front matter, URL and title.
    static func readSource(_ sourcePath: String, root: String, config: SiteConfig, diagnostics: inout Diagnostics)
        -> (source: PageSource, front: FrontMatter)
    {
        var source = PageSource(sourcePath: sourcePath, displayPath: FileTree.display(root, sourcePath))
        let text: String
        // Unreadable, over the site's page size limit, or not UTF-8: an error, and the page keeps its own URL.
        switch SourceText.read(root + "/" + sourcePath, limit: config.maxPageSize) {
        case .success(let read): text = read
        case .failure(let failure):
            source.url = SitePath.pageURL(forSource: sourcePath, slug: nil)  // its own URL, not "/", so no false clash
            diagnostics.report(SourceText.diagnostic(failure, at: source.displayPath))
            return (source, FrontMatter())
        }
        let split = FrontMatterParser.split(text, path: source.displayPath, diagnostics: &diagnostics)
        let front =
            split.yaml.map { FrontMatterParser.parse($0, path: source.displayPath, diagnostics: &diagnostics) }
            ?? FrontMatter()
        name(&source, front: front, body: split.body, config: config)
        return (source, front)
    }

    /// Gives a page read from its file its URL, title and listing, from its front matter and Markdown.
    static func name(_ source: inout PageSource, front: FrontMatter, body: String, config: SiteConfig) {
        source.url = SitePath.pageURL(forSource: source.sourcePath, slug: front.slug)
        source.title =
            front.title ?? TitleScanner.firstHeadingTitle(body) ?? fallbackTitle(source.sourcePath, config: config)
        source.listing = PageListing(front)
    }

    /// Two files that would write the same output file.
    private static func checkURLs(
        _ pages: [PageSource], staticFiles: [String], root: String, diagnostics: inout Diagnostics
    ) {
        var owners: [OutputPath: String] = [:]
        owners.reserveCapacity(staticFiles.count + pages.count)
        for file in staticFiles { owners[OutputPath(file)] = FileTree.display(root, file) }
        // By index: a page's fields are read where they are, not each page copied.
        for index in pages.indices {
            let output = pages[index].outputPath
            if let other = owners[output] {
                diagnostics.report(
                    .error(
                        "this page and \(other) both map to the URL \(pages[index].url); rename one or set 'slug'",
                        at: pages[index].displayPath))
            } else {
                owners[output] = pages[index].displayPath
            }
            // A page's folder must not be a file (`q.md` is `q/index.html`; a file `q` beside it takes that name).
            var folder = output.directory
            while !folder.isEmpty {
                if let file = owners[OutputPath(folder)] {
                    diagnostics.report(
                        .error(
                            "this page is written into the folder \(folder)/ of the output, but the file \(file) "
                                + "takes that name there; rename one or set 'slug'", at: pages[index].displayPath))
                    break
                }
                folder = SitePath.directory(of: folder)
            }
        }
    }

    /// The file name, or for an `index.md` its folder's name (the site title at the root).
    private static func fallbackTitle(_ sourcePath: String, config: SiteConfig) -> String {
        let parts = sourcePath.split(separator: "/")
        let name = String(parts.last ?? "").dropLast(3)
        if name == "index" { return parts.count > 1 ? String(parts[parts.count - 2]) : config.title }
        return String(name)
    }
}
