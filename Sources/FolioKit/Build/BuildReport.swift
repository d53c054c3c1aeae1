import Foundation

/// What `folio build` prints: one summary line, or the whole result as JSON for CI.
public struct BuildReport {
    public let result: SiteBuilder.Result
    public let output: String

    public init(result: SiteBuilder.Result, output: String) {
        self.result = result
        self.output = output
    }

    public var summaryLine: String {
        let s = result.summary
        if result.published {
            let rendered = s.rendered == s.pages ? "" : "; \(s.rendered) rendered, \(s.pages - s.rendered) unchanged"
            let counts =
                "\(plural(s.pages, "page")) (\(plural(s.sections, "section")), \(plural(s.views, "view"))\(rendered))"
            return "Built \(counts) in \(String(format: "%.2f", s.seconds)) s → \(output)/"
        }
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.count - errors
        return "Build failed: \(plural(errors, "error")), \(plural(warnings, "warning")); \(output)/ left as it was"
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    public var json: String {
        var text = ""
        writeJSON { text += $0 }
        return text
    }

    /// The JSON in pieces, for printing without one string of it all: a large site lists thousands of external links.
    public func writeJSON(_ emit: (String) -> Void) {
        let s = result.summary
        let diagnostics = result.diagnostics.map { d in
            "{\"path\": \(ModelJSON.quote(d.path)), \"line\": \(d.line), \"column\": \(d.column), "
                + "\"severity\": \"\(d.severity.rawValue)\", \"message\": \(ModelJSON.quote(d.message))}"
        }
        emit(
            "{\"published\": \(result.published), \"diagnostics\": [\(diagnostics.joined(separator: ", "))], "
                + "\"summary\": {\"pages\": \(s.pages), \"rendered\": \(s.rendered), \"sections\": \(s.sections), \"views\": \(s.views), \"files\": \(s.files), "
                + "\"seconds\": \(String(format: "%.3f", s.seconds))}, "
                + "\"notes\": [\(result.notes.map(ModelJSON.quote).joined(separator: ", "))], \"internalLinks\": \(result.internalLinks), "
                + "\"externalLinks\": [")
        // Written as bytes, a chunk at a time: a String built link by link costs more than the build it reports.
        // A page's links follow one another and many share an address: a URL or path the same as the last link's
        // is copied as it was quoted then.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(70_000)
        var url = QuotedField()
        var path = QuotedField()
        // The keys as bytes made once (a String's UTF-8 appended is copied a byte at a time).
        let first = Array(#"{"url": "#.utf8)
        let next = Array(#", {"url": "#.utf8)
        let pathKey = Array(#", "path": "#.utf8)
        let lineKey = Array(#", "line": "#.utf8)
        let columnKey = Array(#", "column": "#.utf8)
        for (index, link) in result.externalLinks.enumerated() {
            chunk += index > 0 ? next : first
            url.append(link.url, to: &chunk)
            chunk += pathKey
            path.append(link.path, to: &chunk)
            chunk += lineKey
            chunk.appendDecimal(link.line)
            chunk += columnKey
            chunk.appendDecimal(link.column)
            chunk.append(UInt8(ascii: "}"))
            if chunk.count > 65536 {
                emit(String(decoding: chunk, as: UTF8.self))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        emit(String(decoding: chunk, as: UTF8.self) + "]}")
    }

    /// A string as JSON, kept for the next string that is the same.
    private struct QuotedField {
        private var last: String?
        private var quoted: [UInt8] = []

        mutating func append(_ string: String, to bytes: inout [UInt8]) {
            if string != last {
                last = string
                quoted.removeAll(keepingCapacity: true)
                ModelJSON.appendQuoted(string, to: &quoted)
            }
            bytes += quoted
        }
    }
}
