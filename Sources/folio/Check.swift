import ArgumentParser
import FolioKit
import Foundation

extension Folio {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Checks the site as a build does — content, front matter, templates, appearance, links and anchors — writing nothing."
        )

        @Option(help: "The content folder.") var content = "Content"
        @Option(help: "The theme folder; the built-in default theme fills in what it lacks.") var templates: String?
        @Option(
            help:
                "The output folder a build would write; only read, to reuse what its last build left in .folio-cache/.")
        var output = "Public"
        @Option(name: .customLong("base-url"), help: "The URL the site is served from.") var baseURL: String?
        @Flag(help: "Include pages with 'draft: true'.") var drafts = false
        @Flag(help: "Treat warnings as errors.") var strict = false
        @Flag(name: .customLong("no-cache"), help: "Check every page again, ignoring the last build's cache.")
        var noCache = false
        @Option(help: "How to print diagnostics and the summary: text, json, or github.") var format: Build.Format =
            .text
        @Flag(help: "Also fetch every external link (http and https) and report those that fail.") var external = false
        @Option(help: "With --external: seconds to wait for each answer.") var timeout: Double = 10
        @Option(help: "With --external: how many links are fetched at once.") var concurrency = 8

        func validate() throws {
            guard FileSystem.isDirectory(content) else {
                throw ValidationError("no content folder at '\(content)'; pass --content DIR")
            }
            if let templates, !FileSystem.isDirectory(templates) {
                throw ValidationError("no templates folder at '\(templates)'")
            }
            if let baseURL, let problem = SiteConfig.baseURLProblem(baseURL) {
                throw ValidationError("--base-url \(problem)")
            }
            guard timeout > 0, timeout <= Serve.longestTimeout else {
                throw ValidationError("--timeout must be more than 0 seconds and at most a day (86400)")
            }
            guard (1...64).contains(concurrency) else {
                throw ValidationError("--concurrency must be between 1 and 64")
            }
        }

        func run() throws {
            var options = SiteBuilder.Options()
            options.contentDirectory = content
            options.templatesDirectory = templates ?? (FileSystem.isDirectory("Templates") ? "Templates" : nil)
            options.outputDirectory = output
            options.baseURL = baseURL
            options.includeDrafts = drafts
            options.strict = strict
            options.useCache = !noCache
            options.dryRun = true
            var result = SiteBuilder.build(options)
            if external {
                let start = DispatchTime.now()
                var diagnostics = Diagnostics(result.diagnostics)
                let failures = ExternalLinkCheck(timeout: timeout, concurrency: concurrency, strict: strict).run(
                    result.externalLinks, diagnostics: &diagnostics)
                result.diagnostics = diagnostics.sortedForDisplay()
                // The summary's time is the whole check's, the fetches too.
                result.summary.seconds += Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                if strict && failures > 0 { result.published = false }
            }
            ReportPrinter.print(
                result, format: format, command: "Check", output: output, summaryLine: summaryLine(result))
            if !result.published { throw ExitCode(1) }
        }

        private func summaryLine(_ result: SiteBuilder.Result) -> String {
            let s = result.summary
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            let warnings = result.diagnostics.count - errors
            let links =
                "\(result.internalLinks) internal link\(result.internalLinks == 1 ? "" : "s"), "
                + "\(result.externalLinks.count) external\(external ? " fetched" : " (not fetched; --external fetches them)")"
            let verdict = result.published ? "passed" : "failed"
            return "Check \(verdict): \(s.pages) page\(s.pages == 1 ? "" : "s"), \(links); "
                + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(String(format: "%.2f", s.seconds)) s"
        }
    }
}
