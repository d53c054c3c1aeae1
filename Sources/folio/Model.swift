import ArgumentParser
import FolioKit

extension Folio {
    struct Model: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Prints a page's table data model as JSON.")

        @Argument(help: "The page, e.g. Content/guide/setup.md.") var page: String
        @Option(help: "The content folder; by default the nearest folder above the page with a site.yml.") var content:
            String?

        func validate() throws {
            if let problem = PageLocator.notAFile(page) { throw ValidationError(problem) }
        }

        func run() throws {
            let located = try PageLocator.locate(page, content: content)
            var diagnostics = Diagnostics()
            let site = SiteReader.read(
                .init(contentDirectory: located.content, includeDrafts: true), diagnostics: &diagnostics)
            let pageDiagnostics = diagnostics.filter { $0.path == located.displayPath || $0.path.hasSuffix("site.yml") }
            for diagnostic in pageDiagnostics { printError(diagnostic.description) }
            if pageDiagnostics.hasErrors { throw ExitCode(1) }
            guard let source = site.pages.first(where: { $0.sourcePath == located.sourcePath }) else {
                printError(PageLocator.notAPage(located, drafts: true))
                throw ExitCode(1)
            }
            var modelDiagnostics = Diagnostics()
            let page = PageLoader.load(source, front: nil, site: site, diagnostics: &modelDiagnostics).page
            for diagnostic in modelDiagnostics { printError(diagnostic.description) }
            if modelDiagnostics.hasErrors { throw ExitCode(1) }
            print(ModelJSON.encode(page.model), terminator: "")
        }
    }
}
