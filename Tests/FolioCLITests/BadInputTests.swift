import Foundation
import Testing

/// SPEC §10: every bad input is reported at its `path:line:col`, the build exits 1, and the output folder
/// is left byte-for-byte as the previous good build left it (checked by `rejectBrokenSite`).
@Suite("Bad input")
struct BadInputTests {
    @Test func invalidFrontMatterYAMLIsReportedAtItsLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-bad-yaml")
        // `title: Notes: broken` — the second colon is where YAML fails.
        rejected.expectError("Content/page.md", try Position.of(": broken", inFile: rejected.file("Content/page.md")))
    }

    @Test func invalidSiteYAMLIsReportedAtItsLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-bad-site-yml")
        rejected.expectError(
            "Content/site.yml", try Position.of(": site.yml", inFile: rejected.file("Content/site.yml")))
    }

    @Test func badFrontMatterTypeIsReportedAtItsLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-bad-front-matter-type")
        // `draft: maybe` on line 3: reported at the value, 3:8.
        let position = try Position.of("maybe", inFile: rejected.file("Content/page.md"))
        #expect(position == Position(line: 3, column: 8))
        rejected.expectError("Content/page.md", position)
        #expect(rejected.run.stderr.contains("Content/page.md:3:8: error: "), "\(rejected.run.stderr)")
    }

    @Test func unknownViewIsReportedAtItsLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-bad-view")
        let position = try Position.of("carousel", inFile: rejected.file("Content/page.md"))
        #expect(position == Position(line: 3, column: 7))
        rejected.expectError("Content/page.md", position)
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() throws {
        let prefix = "Line three has a bad byte: "
        let rejected = try rejectBrokenSite("cli-bad-utf8") { site in
            var bytes = Data("# Page\n\n\(prefix)".utf8)
            bytes.append(0xFF)
            bytes.append(contentsOf: Data(" here.\n".utf8))
            try bytes.write(to: site.appendingPathComponent("Content/page.md"))
        }
        rejected.expectError("Content/page.md", Position(line: 3, column: prefix.count + 1))
    }

    @Test func invalidUTF8InATemplateIsReportedAtItsLineAndColumn() throws {
        let path = "Templates/layouts/default.mustache"
        let prefix = "<main>"
        let rejected = try rejectBrokenSite("cli-bad-template-utf8") { site in
            let url = site.appendingPathComponent(path)
            var lines = try Tree.text(url).components(separatedBy: "\n")
            // Line 5 becomes `<main>` 0xFF `{{#page}}…`.
            var bytes = Data((lines[..<4].joined(separator: "\n") + "\n" + prefix).utf8)
            bytes.append(0xFF)
            lines[4].removeFirst(prefix.count)
            bytes.append(contentsOf: Data((lines[4...].joined(separator: "\n")).utf8))
            try bytes.write(to: url)
        }
        rejected.expectError(path, Position(line: 5, column: prefix.count + 1))
    }

    /// `q.md` is written as `q/index.html`; a file `q` beside it took that name: `folio check` passed, and the
    /// build failed with the system's "Is a directory".
    @Test func aPageWhoseFolderIsAFilesNameIsReported() throws {
        let rejected = try rejectBrokenSite(
            "cli-duplicate-url",
            breakSite: { site in
                try Tree.write("# Q\n", to: site.appendingPathComponent("Content/q.md"))
                try Tree.write("QQ\n", to: site.appendingPathComponent("Content/q"))
            })
        let error = try #require(rejected.diagnostics.first { $0.path == "Content/q.md" }, "\(rejected.run.stderr)")
        #expect(error.severity == "error" && error.line == 1 && error.column == 1, "\(error)")
        #expect(error.message.contains("folder q/") && error.message.contains("Content/q "), "\(error)")
        for command in [["check"], ["check", "--no-cache"]] {
            let check = try Folio.run(command, in: rejected.site)
            #expect(check.status == 1 && check.stderr.contains("folder q/"), "\(check)")
        }
    }

    /// `Content/blog/`: five posts, two a list page.
    static func writeBlogOfThreeListPages(in site: URL) throws {
        try Tree.write("paginate: 2\n", to: site.appendingPathComponent("Content/blog/_folder.yml"))
        for number in 1...5 {
            try Tree.write("# Post \(number)\n", to: site.appendingPathComponent("Content/blog/p\(number).md"))
        }
    }

    /// `blog/page/2.md` took the place of page 2 of blog's list without a word, and the entries listed there dropped
    /// out of the list.
    @Test func aPageAtTheURLOfAListsNextPageIsReported() throws {
        let rejected = try rejectBrokenSite(
            "cli-duplicate-url",
            breakSite: { site in
                try Self.writeBlogOfThreeListPages(in: site)
                try Tree.write("# Mine\n", to: site.appendingPathComponent("Content/blog/page/3.md"))
            })
        let errors = rejected.diagnostics.filter { $0.severity == "error" }
        #expect(errors.count == 1, "\(rejected.run.stderr)")
        let error = try #require(errors.first)
        #expect(error.path == "Content/blog/page/3.md" && error.line == 1 && error.column == 1, "\(error)")
        #expect(error.message.contains("page 3 of the list of /blog/"), "\(error)")
    }

    /// A content `index.html` at a list's page 2 replaced it without a word; one at a folder's generated page (no
    /// index.md) is that folder's page written by hand: it wins, with a warning.
    @Test func aFileAtAListsNextPageIsReportedAndAHandWrittenFolderPageWins() throws {
        let rejected = try rejectBrokenSite(
            "cli-duplicate-url",
            breakSite: { site in
                try Self.writeBlogOfThreeListPages(in: site)
                try Tree.write("<p>mine</p>\n", to: site.appendingPathComponent("Content/blog/page/2/index.html"))
                try Tree.write("<p>by hand</p>\n", to: site.appendingPathComponent("Content/blog/index.html"))
            })
        let errors = rejected.diagnostics.filter { $0.severity == "error" }
        #expect(errors.map(\.path) == ["Content/blog/page/2/index.html"], "\(rejected.run.stderr)")
        #expect(errors.first?.message.contains("page 2 of the list of /blog/") == true, "\(errors)")
        try FileManager.default.removeItem(at: rejected.site.appendingPathComponent("Content/blog/page"))
        let built = try Folio.run(buildArguments, in: rejected.site)
        #expect(built.status == 0, "\(built)")
        let warning = Diagnostic.parse(built.stderr).first { $0.path == "Content/blog/index.html" }
        #expect(
            warning?.severity == "warning" && warning?.message.contains("Content/blog/index.md") == true, "\(built)")
        #expect(try Tree.text(rejected.site.appendingPathComponent("Public/blog/index.html")) == "<p>by hand</p>\n")
    }

    /// `sitemap.xml.md` is written as `sitemap.xml/index.html`, where the sitemap goes: check passed, and the build
    /// failed with the system's "Is a directory" at a path that named no file of the site.
    @Test func aPageInAFolderNamedAsOneOfFoliosFilesIsReported() throws {
        let rejected = try rejectBrokenSite(
            "cli-duplicate-url", arguments: buildArguments + ["--base-url", "https://example.org/"],
            goodArguments: buildArguments + ["--base-url", "https://example.org/"],
            breakSite: { site in
                try Tree.write("# Map\n", to: site.appendingPathComponent("Content/sitemap.xml.md"))
                try Tree.write("# Style\n", to: site.appendingPathComponent("Content/assets/folio.css/index.md"))
                try Tree.write(
                    "---\nslug: index.js\n---\n# X\n", to: site.appendingPathComponent("Content/search/x.md"))
                // Failed only when written, at `Public:1:1` and at the home page.
                try Tree.write("# Robots\n", to: site.appendingPathComponent("Content/robots.txt.md"))
                try Tree.write("---\nslug: index.html\n---\n# I\n", to: site.appendingPathComponent("Content/i.md"))
            })
        let errors = rejected.diagnostics.filter { $0.severity == "error" }
        #expect(
            errors.map(\.path).sorted()
                == [
                    "Content/assets/folio.css/index.md", "Content/i.md", "Content/robots.txt.md",
                    "Content/search/x.md", "Content/sitemap.xml.md",
                ],
            "\(rejected.run.stderr)")
        #expect(
            errors.allSatisfy {
                $0.message.contains("this page is written into the folder")
                    || $0.message.contains("this page is written into a folder named index.html")
            }, "\(errors)")
        let check = try Folio.run(["check", "--base-url", "https://example.org/"], in: rejected.site)
        #expect(check.status == 1 && check.stderr.contains("sitemap.xml.md"), "\(check)")
    }

    /// A content file among the search index's files (`search/r/0.js`) broke the index without a word.
    @Test func aFileInTheSearchIndexsPlaceIsReported() throws {
        let rejected = try rejectBrokenSite(
            "cli-duplicate-url",
            breakSite: { site in
                try Tree.write("x\n", to: site.appendingPathComponent("Content/search/r/0.js"))
                try Tree.write("y\n", to: site.appendingPathComponent("Content/search/index.js"))
                try Tree.write("# S\n", to: site.appendingPathComponent("Content/search/s.md"))
                try Tree.write("# Search\n", to: site.appendingPathComponent("Content/search.md"))
            })
        let errors = rejected.diagnostics.filter { $0.severity == "error" }
        #expect(
            errors.map(\.path).sorted()
                == ["Content/search/index.js", "Content/search/r/0.js", "Content/search/s.md"],
            "a page search.md (search/index.html) is no part of the index:\n\(rejected.run.stderr)")
        #expect(errors.allSatisfy { $0.message.contains("search: false") }, "\(errors)")
        // With the index off, those are the site's own files.
        let config = rejected.site.appendingPathComponent("Content/site.yml")
        try Tree.write(try Tree.text(config) + "\nsearch: false\n", to: config)
        let off = try Folio.run(buildArguments, in: rejected.site)
        #expect(off.status == 0, "\(off)")
        #expect(try Tree.text(rejected.site.appendingPathComponent("Public/search/r/0.js")) == "x\n")
    }

    /// A base URL with a space was written raw into the sitemap, canonical links and the 404 page's links.
    @Test func aBaseURLAURLCannotHoldIsRefused() throws {
        let rejected = try rejectBrokenSite(
            "cli-duplicate-url",
            breakSite: { site in
                try Tree.write(
                    "title: Base\nbaseURL: https://example.org/my docs/\n",
                    to: site.appendingPathComponent("Content/site.yml"))
            })
        let error = try #require(rejected.diagnostics.first { $0.severity == "error" }, "\(rejected.run.stderr)")
        #expect(error.path == "Content/site.yml" && error.line == 2 && error.column == 10, "\(error)")
        #expect(error.message.contains("it holds a space (write %20)"), "\(error)")
        try Tree.write(
            "title: Base\nbaseURL: https://example.org/my%20docs/\n",
            to: rejected.site.appendingPathComponent("Content/site.yml"))
        let encoded = try Folio.run(buildArguments, in: rejected.site)
        #expect(encoded.status == 0, "an encoded base is fine:\n\(encoded)")
        #expect(try Tree.text(rejected.site.appendingPathComponent("Public/sitemap.xml")).contains("/my%20docs/"))
        for command in [buildArguments, ["check"]] {
            let flag = try Folio.run(command + ["--base-url", "https://example.org/a\"b/"], in: rejected.site)
            #expect(flag.status == 2 && flag.stderr.contains("--base-url must be"), "\(flag)")
        }
    }

    @Test func twoFilesMappingToOneURLAreReported() throws {
        let rejected = try rejectBrokenSite("cli-duplicate-url")
        let paths = ["Content/a.md", "Content/a/index.md"]
        let errors = rejected.diagnostics.filter { paths.contains($0.path) && $0.severity == "error" }
        #expect(!errors.isEmpty, "expected an error at Content/a.md or Content/a/index.md:\n\(rejected.run.stderr)")
        // Reported at the start of the file (there is no slug line to point at), naming the other file.
        for error in errors {
            #expect(error.line == 1 && error.column == 1, "\(error)")
            let other = paths.first { $0 != error.path }!
            #expect(error.message.contains(other) || error.message.contains("/a/"), "\(error)")
        }
        #expect(
            rejected.run.stderr.contains("Content/a.md") && rejected.run.stderr.contains("Content/a/index.md"),
            "both files should be named:\n\(rejected.run.stderr)")
    }

    @Test func unknownLayoutIsReportedAtItsLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-unknown-layout")
        let position = try Position.of("nope", inFile: rejected.file("Content/page.md"))
        #expect(position == Position(line: 3, column: 9))
        rejected.expectError("Content/page.md", position)
    }

    @Test func templateSyntaxErrorIsReportedAtTheTemplatesOwnLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-bad-template")
        // `{{/pages}}` closes `{{#page}}`: reported where the closing tag starts (or at its name).
        let path = "Templates/layouts/default.mustache"
        let tag = try Position.of("{{/pages}}", inFile: rejected.file(path))
        rejected.expectError(path, tag, orColumns: [tag.column + 3])
    }

    @Test func layoutWithASyntaxErrorIsNotReportedAsMissing() throws {
        let rejected = try rejectBrokenSite("cli-bad-template")
        // The layout file exists: pages must not be told that it does not.
        #expect(
            !rejected.run.stderr.contains("no Templates/layouts/default.mustache"),
            "misleading 'unknown layout' errors for a layout that exists but does not parse:\n\(rejected.run.stderr)")
    }

    @Test func missingPartialIsReportedAtTheTemplatesOwnLineAndColumn() throws {
        let rejected = try rejectBrokenSite("cli-missing-partial")
        let path = "Templates/layouts/default.mustache"
        let tag = try Position.of("{{> nope}}", inFile: rejected.file(path))
        rejected.expectError(path, tag, orColumns: [tag.column + 4])
        #expect(rejected.run.stderr.contains("nope"), "\(rejected.run.stderr)")
    }

    /// The one error a build with `footer` as the theme's footer partial gives, as `path:line:col: message`.
    private func footerError(_ footer: String) throws -> [String] {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write("Templates/partials/footer.mustache", Array(footer.utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        return Diagnostic.parse(run.stderr).map { "\($0.path):\($0.line):\($0.column): \($0.message)" }
    }

    @Test func aTagLeftOpenIsReportedWhereItOpensNotAtTheEndOfTheFile() throws {
        // swift-mustache stops at the end of the file ("overflow" when the file ended inside the tag).
        let path = "Templates/partials/footer.mustache"
        #expect(
            try footerError("<footer>{{page.title") == ["\(path):1:9: template syntax: a tag is not closed with }}"])
        #expect(
            try footerError("<footer>\n  {{page.title}} and {{site.title\n</footer>\n")
                == ["\(path):2:22: template syntax: a tag is not closed with }}"])
        #expect(
            try footerError("<p>{{{page.title}}\n</p>\n")
                == ["\(path):1:4: template syntax: a {{{ tag is not closed with }}}"])
    }

    @Test func aClosingTagNamingAFolderIsReportedAsAName() throws {
        // `{{/layouts/default}}` was "a tag is not closed with }}", of a tag that is.
        #expect(
            try footerError("{{<layouts/default}}{{/layouts/default}}") == [
                "Templates/partials/footer.mustache:1:31: template syntax: this tag's name cannot be read: a name is "
                    + "ASCII letters, digits, '.', '-' and '_' (only a partial's may hold '/')"
            ])
    }

    @Test func aPartialThatIsNotUTF8IsOneErrorNotAlsoMissing() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write("Templates/partials/footer.mustache", Array("<footer>".utf8) + [0xFF] + Array("</footer>".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).map { "\($0.path):\($0.line):\($0.column)" }
                == ["Templates/partials/footer.mustache:1:9"], "\(run.stderr)")
    }

    @Test func aSectionLeftOpenIsReportedAtItsOpeningTag() throws {
        // The only error: the layouts including the partial are not told it is missing.
        #expect(
            try footerError("<footer>\n{{#site}}{{^page}}x{{/page}}\n</footer>\n") == [
                "Templates/partials/footer.mustache:2:1: template syntax: the section {{#site}} is never closed: "
                    + "add {{/site}}"
            ])
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() throws {
        let rejected = try rejectBrokenSite("cli-several-errors")
        rejected.expectError("Content/one.md", try Position.of("maybe", inFile: rejected.file("Content/one.md")))
        rejected.expectError("Content/two.md", try Position.of(": broken", inFile: rejected.file("Content/two.md")))
        rejected.expectError("Content/three.md", try Position.of("nope", inFile: rejected.file("Content/three.md")))
        // The summary line comes last and counts them.
        let summary = rejected.run.stderrLines.last ?? ""
        #expect(Diagnostic.parse(summary).isEmpty && summary.contains("3 errors"), "summary: \(summary)")
    }

    @Test func strictTurnsAWarningIntoAFailure() throws {
        let rejected = try rejectBrokenSite("cli-strict-warning", arguments: buildArguments + ["--strict"]) { _ in }
        let link = try Position.of("[a page that does not exist]", inFile: rejected.file("Content/index.md"))
        let atLink = rejected.diagnostics.filter {
            $0.path == "Content/index.md" && $0.line == link.line && $0.column == link.column
        }
        #expect(!atLink.isEmpty, "expected Content/index.md:\(link): … for the missing page:\n\(rejected.run.stderr)")

        // Without --strict the same site builds, with the warning.
        let lenient = try Folio.run(buildArguments, in: rejected.site)
        #expect(lenient.status == 0, "\(lenient)")
        #expect(
            Diagnostic.parse(lenient.stderr).contains {
                $0.path == "Content/index.md" && $0.line == link.line && $0.column == link.column
                    && $0.severity == "warning"
            }, "expected 'Content/index.md:\(link): warning: …':\n\(lenient.stderr)")
    }

    // A bad appearance rule (SPEC §10, last item) belongs to the appearance issue: not tested here.
}
