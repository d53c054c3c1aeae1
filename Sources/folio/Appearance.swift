import ArgumentParser
import FolioKit

extension Folio {
    struct Appearance: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the resolved appearance of every control on a page, and the rule that won.")

        @Argument(help: "The page, e.g. Content/gallery.md.") var page: String
        @Option(help: "The content folder; by default the nearest folder above the page with a site.yml.") var content:
            String?
        @Option(help: "The theme folder; by default ./Templates when it exists.") var templates: String?

        func validate() throws {
            if let problem = PageLocator.notAFile(page) { throw ValidationError(problem) }
            if let templates, !FileSystem.isDirectory(templates) {
                throw ValidationError("no templates folder at '\(templates)'")
            }
        }

        func run() throws {
            let located = try PageLocator.locate(page, content: content)
            let theme = templates ?? (FileSystem.isDirectory("Templates") ? "Templates" : nil)
            guard let result = AppearanceInspection.inspect(located, templatesDirectory: theme) else {
                printError(PageLocator.notAPage(located, drafts: false))
                throw ExitCode(1)
            }
            for diagnostic in result.diagnostics { printError(diagnostic.description) }
            if result.diagnostics.hasErrors { throw ExitCode(1) }
            print(result.report, terminator: "")
        }
    }
}
