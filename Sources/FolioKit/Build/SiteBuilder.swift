import Foundation

/// `folio build`: read the content, load the theme, render every page in parallel, publish atomically.
public enum SiteBuilder {
    public struct Options: Sendable {
        public var contentDirectory = "Content"
        /// nil: only the default theme in the binary.
        public var templatesDirectory: String? = "Templates"
        public var outputDirectory = "Public"
        public var baseURL: String?
        public var includeDrafts = false
        public var strict = false

        public init() {}
    }

    public struct Summary: Sendable, Equatable {
        public var pages = 0
        public var sections = 0
        public var views = 0
        public var files = 0
        public var seconds = 0.0
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var summary: Summary
        /// False when the build found errors (or warnings under `--strict`); `Public/` was then left as it was.
        public var published: Bool
    }

    public static func build(_ options: Options) -> Result {
        let start = DispatchTime.now()
        var diagnostics: [Diagnostic] = []
        let theme = Theme.load(directory: options.templatesDirectory, diagnostics: &diagnostics)
        let site = SiteReader.read(
            .init(contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts, baseURL: options.baseURL),
            diagnostics: &diagnostics)
        diagnostics += checkLayouts(site, theme: theme)
        let appearanceConfig = AppearanceConfig.load(theme: theme, contentDirectory: options.contentDirectory, diagnostics: &diagnostics)
        diagnostics += AppearanceChecks.undeclaredContainers(
            in: appearanceConfig, declaredContainers: Set(site.pages.compactMap(\.front.container)), layouts: theme.layouts)
        let appearance = AppearanceResolver(appearanceConfig)

        var summary = Summary(pages: site.pages.count)
        func finish(published: Bool) -> Result {
            summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            return Result(diagnostics: diagnostics.sortedForDisplay(), summary: summary, published: published)
        }
        func failed() -> Bool {
            diagnostics.hasErrors || (options.strict && !diagnostics.isEmpty)
        }
        if failed() { return finish(published: false) }

        let output = OutputDirectory(target: options.outputDirectory)
        do {
            try output.prepare()
            let written = try write(site, theme: theme, appearance: appearance, to: output)
            summary.views = written.views
            summary.sections = written.sections
            summary.files = written.files
            diagnostics += written.diagnostics
            if failed() {
                output.discard()
                return finish(published: false)
            }
            try output.publish()
        } catch {
            output.discard()
            diagnostics.append(.error("cannot write the output: \(error.localizedDescription)", at: options.outputDirectory))
            return finish(published: false)
        }
        return finish(published: true)
    }

    /// Every page's `layout:` must name a file in `layouts/`.
    static func checkLayouts(_ site: Site, theme: Theme) -> [Diagnostic] {
        site.pages.compactMap { page in
            guard !theme.layouts.contains(page.front.layout) else { return nil }
            let position = page.front.positions["layout"]
            let known = theme.layouts.sorted().joined(separator: ", ")
            return .error("unknown layout '\(page.front.layout)': no Templates/layouts/\(page.front.layout).mustache (layouts: \(known))",
                at: page.displayPath, line: position?.line ?? 1, column: position?.column ?? 1)
        }
    }

    private static func write(_ site: Site, theme: Theme, appearance: AppearanceResolver, to output: OutputDirectory) throws
        -> (views: Int, sections: Int, files: Int, diagnostics: [Diagnostic])
    {
        let context = PageContext(site: site, theme: theme)
        let pagePaths = site.pages.map { String($0.url.dropFirst()) + "index.html" }
        let assetPaths = theme.assets.keys.sorted().map { "assets/" + $0 }
        try output.makeDirectories(for: pagePaths + site.staticFiles + assetPaths)

        // Each page is read, modelled, rendered and written by one worker, then dropped: memory stays flat.
        let results = site.pages.parallelMap {
            source -> (views: Int, sections: Int, diagnostics: [Diagnostic], styles: AppearanceStylesheet) in
            var (page, diagnostics) = SiteReader.loadPage(source, site: site)
            var views = ViewRenderer(theme: theme, settings: PageSettings(page: source), appearance: appearance)
            let content = views.render(page.model)
            diagnostics += views.warnings
            let html = theme.render("layouts/" + page.front.layout, context.values(for: page, content: content))
            let path = String(page.url.dropFirst()) + "index.html"
            guard output.write(html, to: path) else {
                let failure = Diagnostic.error("cannot write \(path) in the output folder", at: page.displayPath)
                return (views.viewCount, 0, diagnostics + [failure], views.stylesheet)
            }
            return (views.viewCount, page.model.sectionCount, diagnostics, views.stylesheet)
        }
        var diagnostics = results.flatMap(\.diagnostics).removingDuplicates()
        var stylesheet = AppearanceStylesheet()
        for result in results { stylesheet.merge(result.styles) }
        if !output.write(stylesheet.css, to: "assets/appearance.css") {
            diagnostics.append(.error("cannot write assets/appearance.css in the output folder", at: output.target))
        }
        if theme.layouts.contains("404"), !output.write(theme.render("layouts/404", context.notFoundValues()), to: "404.html") {
            diagnostics.append(.error("cannot write 404.html in the output folder", at: output.target))
        }
        for file in site.staticFiles where !output.copy(from: site.contentDirectory + "/" + file, to: file) {
            diagnostics.append(.error("cannot copy this file to the output folder", at: FileTree.display(site.contentDirectory, file)))
        }
        for (path, file) in theme.assets.sorted(by: { $0.key < $1.key }) where !output.write(file.bytes, to: "assets/" + path) {
            diagnostics.append(.error("cannot write assets/\(path) in the output folder", at: file.displayPath))
        }
        let views = results.reduce(0) { $0 + $1.views }
        let sections = results.reduce(0) { $0 + $1.sections }
        return (views, sections, site.pages.count + site.staticFiles.count + theme.assets.count + 1, diagnostics)
    }
}
