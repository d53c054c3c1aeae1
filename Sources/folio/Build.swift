import ArgumentParser
import FolioKit
import Foundation

extension Folio {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Builds the site into the output folder.")

        enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, github }

        @Option(help: "The content folder.") var content = "Content"
        @Option(help: "The theme folder; the built-in default theme fills in what it lacks.") var templates: String?
        @Option(help: "The output folder, replaced as a whole when the build succeeds.") var output = "Public"
        @Option(name: .customLong("base-url"), help: "The URL the site is served from (for canonical links).")
        var baseURL: String?
        @Flag(help: "Include pages with 'draft: true'.") var drafts = false
        @Flag(help: "Treat warnings as errors.") var strict = false
        @Flag(
            name: .customLong("no-cache"),
            help: "Render every page, ignoring what the previous build left in .folio-cache/ (a fresh cache is saved).")
        var noCache = false
        @Option(
            help:
                "How to print diagnostics and the summary: text, json, or github (GitHub Actions annotations and job summary)."
        ) var format: Format = .text
        @Flag(help: "Replace an output folder that Folio did not make (never one that holds or is a source).")
        var force = false

        mutating func validate() throws {
            output = OutputSafety.named(output)
            guard FileSystem.isDirectory(content) else {
                throw ValidationError("no content folder at '\(content)'; pass --content DIR")
            }
            if let templates, !FileSystem.isDirectory(templates) {
                throw ValidationError("no templates folder at '\(templates)'")
            }
            if let baseURL, let problem = SiteConfig.baseURLProblem(baseURL) {
                throw ValidationError("--base-url \(problem)")
            }
            if let refusal = OutputSafety.check(
                output: output, content: content, templates: templatesDirectory, force: force)
            {
                throw ValidationError(refusal.description)
            }
        }

        /// ./Templates is used when it exists; otherwise the default theme alone.
        var templatesDirectory: String? { templates ?? (FileSystem.isDirectory("Templates") ? "Templates" : nil) }

        func run() throws {
            var options = SiteBuilder.Options()
            options.contentDirectory = content
            options.templatesDirectory = templatesDirectory
            options.outputDirectory = output
            options.baseURL = baseURL
            options.includeDrafts = drafts
            options.strict = strict
            options.useCache = !noCache
            // On a terminal, a long build shows one line of progress that the summary replaces.
            let showProgress = format == .text && isatty(STDERR_FILENO) != 0
            if showProgress {
                options.progress = { done, total in
                    writeStandardError("\r\u{1B}[2KRendering pages: \(done) of \(total)")
                }
            }
            let result = SiteBuilder.build(options)
            if showProgress { writeStandardError("\r\u{1B}[2K") }
            let report = BuildReport(result: result, output: output)
            ReportPrinter.print(
                result, format: format, command: "Build", output: output, summaryLine: report.summaryLine)
            if !result.published { throw ExitCode(1) }
        }
    }
}
