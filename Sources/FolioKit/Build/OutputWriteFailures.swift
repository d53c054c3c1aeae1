/// Files the build could not write into the output folder. When the disk is full every page fails the same way: a
/// site of 3,000 pages printed 5,920 errors of "No space left on device", one a file. The report keeps the first few
/// of each reason and says how many more there were, at the output folder.
enum OutputWriteFailures {
    /// The error for the output file `file` (made from the page or file at `displayPath`) that could not be written.
    static func error(_ file: OutputPath, reason: String, at displayPath: String) -> Diagnostic {
        .error("\(prefix)\(file) in the output folder: \(reason)", at: displayPath)
    }

    private static let prefix = "cannot write "
    private static let middle = " in the output folder: "
    /// How many failures of one reason are shown before the rest are counted.
    static let shown = 3

    /// `diagnostics` (in display order) with the failures past the first `shown` of each reason left out, and one
    /// error at `output` counting them.
    static func collapsed(_ diagnostics: [Diagnostic], output: String) -> [Diagnostic] {
        var seen: [String: Int] = [:]
        var kept: [Diagnostic] = []
        var reasons: [String] = []
        for diagnostic in diagnostics {
            guard diagnostic.severity == .error, diagnostic.message.hasPrefix(prefix),
                let middle = diagnostic.message.range(of: middle)
            else {
                kept.append(diagnostic)
                continue
            }
            let reason = String(diagnostic.message[middle.upperBound...])
            if seen[reason] == nil { reasons.append(reason) }
            seen[reason, default: 0] += 1
            if seen[reason]! <= shown { kept.append(diagnostic) }
        }
        for reason in reasons where seen[reason]! > shown {
            let more = seen[reason]! - shown
            kept.append(
                .error(
                    "and \(more) more \(more == 1 ? "file" : "files") could not be written in the output folder: \(reason)",
                    at: output))
        }
        return kept
    }
}
