import FolioKit
import Foundation

/// The machine-readable reports of `folio build` and `folio check`: JSON, or GitHub Actions workflow commands.
enum ReportPrinter {
    static func print(
        _ result: SiteBuilder.Result, format: Folio.Build.Format, command: String, output: String, summaryLine: String
    ) {
        switch format {
        case .text:
            for diagnostic in result.diagnostics { printError(diagnostic.description) }
            for note in result.notes { Swift.print(note) }
            if result.published { Swift.print(summaryLine) } else { printError(summaryLine) }
        case .json:
            BuildReport(result: result, output: output).writeJSON { Swift.print($0, terminator: "") }
            Swift.print()
        case .github:
            let report = GitHubReport(result: result, command: command, output: output)
            for line in report.lines { Swift.print(line) }
            Swift.print(summaryLine)
            // The job summary, when running in GitHub Actions (the file is appended to, as the runner expects).
            if let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
                if !FileManager.default.fileExists(atPath: path) {
                    _ = FileManager.default.createFile(atPath: path, contents: nil)
                }
                if let handle = FileHandle(forWritingAtPath: path) {
                    handle.seekToEndOfFile()
                    handle.write(Data((report.summary() + "\n").utf8))
                    handle.closeFile()
                } else {
                    printError("warning: cannot write the job summary to $GITHUB_STEP_SUMMARY (\(path))")
                }
            }
        }
    }
}
