import Foundation

/// `--format github`: GitHub Actions workflow commands, one per problem, and the job summary (Markdown).
public struct GitHubReport {
    public let result: SiteBuilder.Result
    /// `Build` or `Check`, for the summary's heading.
    public let command: String
    public let output: String

    public init(result: SiteBuilder.Result, command: String, output: String) {
        self.result = result
        self.command = command
        self.output = output
    }

    /// `::error file=…,line=…,col=…,title=…::message` lines; notes as `::notice::`.
    public var lines: [String] {
        result.notes.map { "::notice title=\(Self.property("Folio"))::\(Self.data($0))" }
            + result.diagnostics.map { d in
                let title = d.message.hasPrefix("broken link") ? "Broken link" : "Folio \(d.severity.rawValue)"
                return "::\(d.severity.rawValue) file=\(Self.property(d.path)),line=\(d.line),col=\(d.column),"
                    + "title=\(Self.property(title))::\(Self.data(d.message))"
            }
    }

    /// Markdown for `$GITHUB_STEP_SUMMARY`: the counts, the first problems, the time.
    public func summary(limit: Int = 20) -> String {
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.count - errors
        let s = result.summary
        var text = "## Folio \(command.lowercased()): \(result.published ? "passed" : "failed")\n\n"
        text += "| | |\n|---|---|\n| Pages | \(s.pages) |\n| Sections | \(s.sections) |\n"
        text +=
            "| Internal links checked | \(result.internalLinks) |\n| External links | \(result.externalLinks.count) |\n"
        text +=
            "| Errors | \(errors) |\n| Warnings | \(warnings) |\n| Time | \(String(format: "%.2f", s.seconds)) s |\n"
        if !result.diagnostics.isEmpty {
            text += "\n### First problems\n\n"
            for d in result.diagnostics.prefix(limit) {
                text += "- `\(d.path):\(d.line):\(d.column)` **\(d.severity.rawValue)**: \(Self.markdown(d.message))\n"
            }
            if result.diagnostics.count > limit { text += "- … and \(result.diagnostics.count - limit) more\n" }
        }
        for note in result.notes { text += "\n> \(Self.markdown(note))\n" }
        return text
    }

    /// A command's message: `%`, CR and LF escaped, as the workflow-commands spec requires.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which separate properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private static func markdown(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
