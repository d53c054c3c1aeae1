import Foundation
import Testing

@testable import FolioKit

/// The oracle: Folio's HTML for each fixture in Tests/Fixtures/gfm-oracle against Debian's `cmark-gfm`
/// with the table, strikethrough, autolink and tasklist extensions and smart punctuation.
/// Outputs are compared after `OracleNormalisation`, which removes only whitespace between tags and
/// the differences the guide lists (Content/markdown.md, "Where Folio differs from cmark-gfm").
@Suite struct GitHubOracleTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gfm-oracle")

    /// Fixtures whose output still differs, with the reason (also in the guide).
    static let knownDifferences: [String: String] = [
        "autolink-entity":
            "an address ending in an entity (`?q=1&amp;`): cmark-gfm reads the address before entities are decoded and leaves `&amp;` out; Folio reads it after, when it is a plain `&`, and keeps it",
        "autolink-emphasis-in-path":
            "`https://example.com/*emph*`: cmark-gfm reads the address first, up to the space, and leaves the last `*` out; Folio reads the emphasis first and links the address up to it",
        "autolink-www-after":
            "`_www.example.com_`: cmark-gfm reads the closing `_` as part of the domain, which then has an underscore, and links nothing; Folio reads the emphasis first and links the address",
        "task-in-blockquote":
            "a task list inside a block quote: cmark-gfm 0.29's tasklist extension reads the item's line with its `>` and finds no `[ ]`; Folio makes the checkbox, as in any other list",
    ]

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }

    @Test func corpusCoversEveryConstruct() {
        let prefixes = Set(Self.names.compactMap { $0.split(separator: "-").first.map(String.init) })
        #expect(prefixes.isSuperset(of: ["table", "strike", "autolink", "task", "interop"]))
        #expect(Self.names.count >= 40)
    }

    @Test(arguments: names) func folioMatchesCmarkGFM(_ name: String) throws {
        let markdown = try String(contentsOf: Self.fixtures.appendingPathComponent(name + ".md"), encoding: .utf8)
        let expected = OracleNormalisation.apply(try Self.cmarkGFM(markdown))
        let actual = OracleNormalisation.apply(Self.folio(markdown))
        if let reason = Self.knownDifferences[name] {
            #expect(actual != expected, "\(name) now matches cmark-gfm; remove it from knownDifferences (\(reason))")
        } else {
            #expect(actual == expected, "\(name)\n--- cmark-gfm\n\(expected)\n--- folio\n\(actual)")
        }
    }

    /// The page's HTML: fixtures have no headings, so it is the intro.
    static func folio(_ markdown: String) -> String {
        let output = model(markdown, sectionLevel: 2, titleFromHeading: false)
        return output.model.intro + output.model.sections.map(\.html).joined()
    }

    static func cmarkGFM(_ markdown: String) throws -> String {
        let path = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let path else {
            Issue.record("cmark-gfm is missing: `make deps` (scripts/ensure-system-deps.sh --browser) installs it")
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--smart", "--extension", "table", "--extension", "strikethrough", "--extension", "autolink", "--extension",
            "tasklist",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}

/// What the oracle ignores: whitespace between tags, and Folio's documented additions.
enum OracleNormalisation {
    static func apply(_ html: String) -> String {
        var html = html
        let rules: [(String, String)] = [
            // Folio wraps a table in a box that scrolls sideways on a phone.
            (#"<div class="table-scroll" tabindex="0">\s*<table>"#, "<table>"),
            (#"</table>\s*</div>"#, "</table>"),
            // A task's checkbox has an accessible name.
            (#" aria-label="[^"]*" />"#, " />"),
            // Code blocks are keyboard-focusable, to scroll them (FocusableCode).
            (#"<pre tabindex="0">"#, "<pre>"),
            // A short word of inline code with a hyphen or slash is kept whole (InlineCodeWords).
            (#"<span class="nowrap">([^<]*)</span>"#, "$1"),
            (#">\s+<"#, "><"),
        ]
        for (pattern, replacement) in rules {
            html = html.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return html.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
