import Foundation
import Testing

/// SPEC §10 and issue 10: no input makes folio crash or run away. A partial that includes itself, or two that include
/// each other, is an error naming the chain (not a SIGSEGV); a recursion over data that ends still renders; YAML
/// aliases that would expand without bound are an error at their line (under a memory limit, so a regression fails
/// instead of taking the machine); raw HTML nested thousands of elements deep builds within the same limit; a page over
/// `maxPageSize` is an error.
@Suite("Bounded work")
struct BoundedWorkTests {
    // MARK: Template recursion

    @Test func aPartialThatIncludesItselfIsAnErrorNamingTheChain() throws {
        let site = try themedSite()
        try site.write("Templates/partials/loop.mustache", Array("<p>again</p>\n  {{> loop}}\n".utf8))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "an error, not a crash:\n\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        let error = try #require(diagnostics.first { $0.path == "Templates/partials/loop.mustache" }, "\(run.stderr)")
        #expect(error.line == 2 && error.column == 3, "at the {{> loop}} tag:\n\(run.stderr)")
        #expect(error.message.contains("loop → loop → …"), "\(error)")
        #expect(
            diagnostics.filter { $0.severity == "error" }.count == 1, "one error for the whole site:\n\(run.stderr)")
    }

    @Test func aPartialOfTheDefaultLayoutThatIncludesItselfIsAnErrorToo() throws {
        // The default layout is written directly around a theme's own partial, which Mustache renders alone.
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n\nText.\n".utf8))
        try site.write("Templates/partials/footer.mustache", Array("<footer>\n{{> footer}}\n</footer>\n".utf8))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "an error, not a crash:\n\(run)")
        let error = try #require(
            Diagnostic.parse(run.stderr).first { $0.message.contains("include one another") }, "\(run.stderr)")
        #expect(error.message.contains("footer → footer → …"), "\(error)")
        #expect(error.path == "Templates/partials/footer.mustache" && error.line == 2, "\(error)")
    }

    @Test func aBlockOverrideThatIncludesItsParentIsAnErrorNotACrash() throws {
        // The parent has no include of its own, so it was taken for a leaf of every chain: the override's include of
        // it recursed, uncounted, until the stack ran out (SIGSEGV).
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write("Templates/partials/base.mustache", Array("<b>{{$t}}default{{/t}}</b>".utf8))
        try site.write("Templates/layouts/default.mustache", Array("{{<base}}{{$t}}{{> base}}{{/t}}{{/base}}".utf8))
        let run = try site.folio(buildArguments, memoryLimitMB: 2048)
        #expect(run.status == 1, "an error, not a crash:\n\(run)")
        let error = try #require(
            Diagnostic.parse(run.stderr).first { $0.message.contains("include one another") }, "\(run.stderr)")
        #expect(error.message.contains("base → base → …"), "\(error)")

        // An override without the include still renders.
        try site.write("Templates/layouts/default.mustache", Array("{{<base}}{{$t}}mine{{/t}}{{/base}}".utf8))
        let fine = try site.folio(buildArguments)
        #expect(fine.status == 0, "\(fine)")
        #expect(try site.text("Public/index.html") == "<b>mine</b>")
    }

    @Test func twoPartialsThatIncludeEachOtherAreAnErrorNamingTheChain() throws {
        let site = try themedSite(include: "ping")
        try site.write("Templates/partials/ping.mustache", Array("ping {{> pong}}\n".utf8))
        try site.write("Templates/partials/pong.mustache", Array("pong\n{{#page}}{{> ping}}{{/page}}\n".utf8))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "an error, not a crash:\n\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        let error = try #require(diagnostics.first { $0.message.contains("include one another") }, "\(run.stderr)")
        #expect(
            error.message.contains("ping → pong → ping → …") || error.message.contains("pong → ping → pong → …"),
            "\(error)")
        #expect(
            ["Templates/partials/ping.mustache", "Templates/partials/pong.mustache"].contains(error.path), "\(error)")
        let positions = [Position(line: 1, column: 6), Position(line: 2, column: 10)]
        #expect(positions.contains(Position(line: error.line, column: error.column)), "at an include tag:\n\(error)")

        // folio appearance renders the page's views too, and must not crash either.
        try site.write("Templates/components/list.mustache", Array("{{> ping}}".utf8))
        let appearance = try site.folio(["appearance", "Content/index.md", "--templates", "Templates"])
        #expect(appearance.status == 0 || appearance.status == 1, "\(appearance)")
    }

    @Test func aRecursivePartialOverDataThatEndsRenders() throws {
        let site = try themedSite(include: "tree")
        try site.write(
            "Templates/partials/tree.mustache",
            Array("<ul>{{#page.sections}}{{> branch}}{{/page.sections}}</ul>\n".utf8))
        try site.write(
            "Templates/partials/branch.mustache",
            Array("<li data-tree=\"{{id}}\">{{{title}}}{{#sections}}<ul>{{> branch}}</ul>{{/sections}}</li>".utf8))
        try site.write(
            "Content/index.md",
            Array(
                """
                # Home

                ## One

                ### One A

                #### One A i

                ## Two

                """.utf8))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 0, "\(run)")
        let html = try site.text("Public/index.html")
        for id in ["one", "one-a", "one-a-i", "two"] {
            #expect(html.contains("data-tree=\"\(id)\""), "the tree shows \(id):\n\(html)")
        }
    }

    /// Ten partials each including the next ten times render ten billion templates a page, within the depth limit:
    /// the build ran for minutes. The count is found from the templates' text before any page is rendered.
    @Test func partialsThatMultiplyIntoBillionsAreAnErrorBeforeAnyPageRenders() throws {
        let site = try themedSite(include: "p0")
        for level in 0..<9 {
            try site.write(
                "Templates/partials/p\(level).mustache",
                Array((String(repeating: "{{> p\(level + 1)}}", count: 9) + "\n  {{> p\(level + 1)}}\n").utf8))
        }
        try site.write("Templates/partials/p9.mustache", Array("x\n".utf8))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "\(run)")
        let errors = Diagnostic.parse(run.stderr).filter { $0.severity == "error" }
        // p5 renders 11,111 templates; p4, ten of those and itself, 111,111: the first over 100,000.
        #expect(errors.count == 1, "\(run.stderr)")
        let error = try #require(errors.first)
        #expect(error.path == "Templates/partials/p4.mustache" && error.line == 1 && error.column == 1, "\(error)")
        #expect(error.message.contains("includes 'p5' 10 times, which renders 11111 itself"), "\(error)")
        // Without the top five, the rest (11,111 for p5) are fine.
        for level in 0..<5 { try site.write("Templates/partials/p\(level).mustache", Array("x\n".utf8)) }
        let fine = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(fine.status == 0, "\(fine)")
    }

    // MARK: Loops over lists

    /// A scratch site of one page, `Content/index.md`, whose layout is `layout`.
    private func layoutSite(page: [UInt8], layout: String) throws -> WrittenSite {
        let site = try WrittenSite()
        try site.write("Content/index.md", page)
        try site.write("Templates/layouts/default.mustache", Array(layout.utf8))
        return site
    }

    /// A page of `count` sections, `## Section n` each with a line of text.
    private func pageOfSections(_ count: Int, front: String = "") -> [UInt8] {
        Array((front + "# Home\n\n" + (1...count).map { "## Section \($0)\n\nSome text here.\n" }.joined()).utf8)
    }

    /// `{{#name}}` `depth` deep around `body`.
    private func nested(_ name: String, _ depth: Int, _ body: String) -> String {
        String(repeating: "{{#\(name)}}", count: depth) + body + String(repeating: "{{/\(name)}}", count: depth)
    }

    @Test func loopsInsideOneAnotherThatMultiplyIntoBillionsAreAnErrorAtTheLayout() throws {
        // Six loops over 60 sections are 60⁶ (47 billion) items: this ran for hours.
        let site = try layoutSite(page: pageOfSections(60), layout: nested("page.sections", 6, "x"))
        let run = try site.folio(buildArguments, memoryLimitMB: 2048)
        #expect(run.status == 1, "\(run)")
        let errors = Diagnostic.parse(run.stderr).filter { $0.severity == "error" }
        #expect(errors.count == 1, "\(run.stderr)")
        let error = try #require(errors.first)
        #expect(error.path == "Templates/layouts/default.mustache", "\(error)")
        #expect(error.message.contains("renders more than 1000000 items of lists for one page"), "\(error)")
        #expect(!Tree.exists(site.root.appendingPathComponent("Public/index.html")))
    }

    @Test func loopsThatMultiplyInAPartialAreAnErrorAtThePartial() throws {
        let site = try themedSite(include: "grid")
        try site.write("Content/index.md", pageOfSections(60))
        try site.write(
            "Templates/partials/grid.mustache", Array(("{{> cell}}\n" + nested("page.sections", 5, "{{> cell}}")).utf8))
        try site.write("Templates/partials/cell.mustache", Array("x".utf8))
        let run = try site.folio(buildArguments + ["--templates", "Templates"], memoryLimitMB: 2048)
        #expect(run.status == 1, "\(run)")
        let error = try #require(Diagnostic.parse(run.stderr).first { $0.severity == "error" }, "\(run.stderr)")
        #expect(error.path == "Templates/partials/grid.mustache", "\(error)")
        #expect(error.message.contains("more than 1000000 items"), "\(error)")
    }

    @Test func loopsOverTheAuthorsOwnListsAndInAComponentAreCountedToo() throws {
        let site = try WrittenSite()
        let list = "items: [" + (1...40).map(String.init).joined(separator: ", ") + "]\n"
        try site.write("Content/index.md", pageOfSections(60, front: "---\n" + list + "---\n"))
        try site.write("Templates/layouts/default.mustache", Array(nested("page.params.items", 5, "{{.}}").utf8))
        expectError(
            try site.folio(buildArguments, memoryLimitMB: 2048), at: "Templates/layouts/default.mustache",
            saying: "more than 1000000 items")

        // A mapping's entries: 1,000 keys, twice.
        let keys = "m:\n" + (1...1_000).map { "  k\($0): \($0)\n" }.joined()
        try site.write("Content/index.md", pageOfSections(60, front: "---\n" + keys + "---\n"))
        try site.write(
            "Templates/layouts/default.mustache", Array(nested("enumerated(page.params.m)", 2, "x").utf8))
        expectError(
            try site.folio(buildArguments, memoryLimitMB: 2048), at: "Templates/layouts/default.mustache",
            saying: "more than 1000000 items")

        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates/layouts"))
        try site.write("Templates/components/list.mustache", Array(nested("sections", 4, "{{title}}").utf8))
        expectError(
            try site.folio(buildArguments, memoryLimitMB: 2048), at: "Templates/components/list.mustache",
            saying: "more than 1000000 items")
    }

    @Test func aValueWrittenOnceForEachSectionOfALongPageIsAnErrorPast100MB() throws {
        // 1,500 sections, each writing the whole page's content (about 110 KB): 165 MB.
        let site = try layoutSite(
            page: pageOfSections(1_500), layout: "{{#page.sections}}{{{page.content}}}{{/page.sections}}")
        expectError(
            try site.folio(buildArguments, memoryLimitMB: 4096), at: "Templates/layouts/default.mustache",
            saying: "writes more than 100 MB")
    }

    /// The build failed with an error at `path` whose message contains `words`.
    private func expectError(_ run: Folio.Run, at path: String, saying words: String) {
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.severity == "error" && $0.path == path && $0.message.contains(words)
            }, "\(run.stderr)")
    }

    @Test func textOfPartialsThatMultiplyPast100MBIsAnErrorBeforeAnyPageRenders() throws {
        // Ten includes of a partial that includes 2 MB of text ten times: 200 MB on every page.
        let site = try themedSite(include: "p1")
        try site.write("Templates/layouts/default.mustache", Array(String(repeating: "{{> p1}}", count: 10).utf8))
        try site.write("Templates/partials/p1.mustache", Array(String(repeating: "{{> p2}}", count: 10).utf8))
        try site.write("Templates/partials/p2.mustache", Array(String(repeating: "B", count: 2 << 20).utf8))
        let run = try site.folio(buildArguments, memoryLimitMB: 2048)
        #expect(run.status == 1, "\(run)")
        let errors = Diagnostic.parse(run.stderr).filter { $0.severity == "error" }
        #expect(
            errors.map(\.description) == [
                "Templates/layouts/default.mustache:1:1: error: this template writes more than 100 MB of text: it "
                    + "includes 'p1' 10 times, which writes 20.0 MB itself; include the partial fewer times"
            ], "\(run.stderr)")
    }

    @Test func textInsideLoopsThatFillsAGigabyteIsAnErrorNotACrash() throws {
        // 990 × 990 items (under the million) of 5 KB of the template's own text: 5 GB, which Folio never sees written.
        let site = try WrittenSite()
        let list = "xs:\n" + (1...990).map { "  - \($0)\n" }.joined()
        try site.write("Content/index.md", Array(("---\n" + list + "---\n# Home\n").utf8))
        try site.write(
            "Templates/layouts/default.mustache",
            Array(nested("page.params.xs", 2, String(repeating: "A", count: 5_000)).utf8))
        expectError(
            try site.folio(buildArguments, memoryLimitMB: 6144), at: "Templates/layouts/default.mustache",
            saying: "took more than 1 GB of memory for one page")
    }

    @Test func anObjectOfTheContextWrittenWholeWritesNothing() throws {
        // `{{page}}` wrote a Swift dump of Folio's types — the whole page, source and model, outside every budget.
        let site = try layoutSite(
            page: Array("---\nview: tabs\n---\n# Home\n\n## A\n\na\n\n## B\n\nb\n".utf8),
            layout:
                "[{{.}}|{{page}}|{{site}}|{{pages}}|{{assets}}|{{page.meta}}|{{#page.sections}}{{.}}{{/page.sections}}]{{{page.content}}}"
        )
        try site.write("Templates/components/tabs.mustache", Array("({{.}}{{#tabs}}{{.}}{{/tabs}})".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 0, "\(run)")
        #expect(try site.text("Public/index.html") == "[||||||]()")
    }

    @Test func anAuthorsMappingIsInTheFilesOrderInEveryBuild() throws {
        // A dictionary's order changed from one run to the next, and so did the page.
        let site = try layoutSite(
            page: Array("---\ne: 5\nb: 2\nd: 4\na: 1\nc: 3\n---\n# Home\n".utf8),
            layout: ("{{#enumerated(page.params)}}{{key}}={{value}};{{/enumerated(page.params)}}|"
                + "{{#sorted(page.params)}}{{key}}{{/sorted(page.params)}}|{{count(page.params)}}|{{page.params}}"))
        for _ in 1...3 {
            let run = try site.folio(buildArguments + ["--no-cache"])
            #expect(run.status == 0, "\(run)")
            #expect(
                try site.text("Public/index.html")
                    == "e=5;b=2;d=4;a=1;c=3;|abcde|5|[&quot;e&quot;: 5, &quot;b&quot;: 2, &quot;d&quot;: 4, "
                    + "&quot;a&quot;: 1, &quot;c&quot;: 3]")
        }
    }

    @Test func loopsInsideOneAnotherWithinTheBudgetRenderEveryItem() throws {
        let site = try WrittenSite()
        let list = "items: [a, b, c]\n"
        try site.write("Content/index.md", pageOfSections(60, front: "---\n" + list + "---\n"))
        try site.write(
            "Templates/layouts/default.mustache",
            Array(
                (nested("page.sections", 2, "<i>{{title}}</i>")
                    + "{{#reversed(page.params.items)}}<b>{{.}}</b>{{/reversed(page.params.items)}}"
                    + "<u>{{count(page.params.items)}}</u>{{page.params.items}}").utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 0, "\(run)")
        let html = try site.text("Public/index.html")
        #expect(HTML.count("<i>", in: html) == 3_600)
        #expect(html.contains("<i>Section 60</i><i>Section 1</i>"))
        #expect(
            html.contains("<b>c</b><b>b</b><b>a</b><u>3</u>[&quot;a&quot;, &quot;b&quot;, &quot;c&quot;]"),
            "\(html.suffix(200))")
    }

    // MARK: Raw HTML

    @Test func aPageOfUnclosedRawHTMLElementsBuildsUnderAMemoryLimit() throws {
        // The HTML parser records an error for each unclosed element, with a copy of the elements still open: 20,000
        // unclosed `<div>`s (100 KB) took 3.2 GB before Folio asked it to record none; and its time grows with the
        // square of the depth: 200,000 (1 MB) ran for minutes. Past Chrome's 512 the block is left out, with a warning.
        let site = try WrittenSite()
        try site.write(
            "Content/index.md",
            Array(("# Home\n\n" + String(repeating: "<div>", count: 200_000) + "deep\n\n" + "Text.\n").utf8))
        let run = try site.folio(buildArguments, memoryLimitMB: 1024)
        #expect(run.status == 0, "a build within 1 GB of address space:\n\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/index.md" && $0.line == 3
                    && $0.message.hasPrefix("raw HTML block omitted: its elements nest more than 512 deep")
            }, "\(run.stderr)")
        let html = try site.text("Public/index.html")
        #expect(!html.contains("deep") && html.contains("<p>Text.</p>"))

        // 500 deep, with void and self-ending elements and unclosed items among them, is kept.
        let kept = String(repeating: "<div><br><img src=\"a.png\"/><li>", count: 500) + "deep"
        try site.write("Content/index.md", Array(("# Home\n\n" + kept + "\n").utf8))
        let fine = try site.folio(buildArguments, memoryLimitMB: 1024)
        #expect(fine.status == 0 && !fine.stderr.contains("nest more"), "\(fine)")
        #expect(try site.text("Public/index.html").contains("<li>deep"))
    }

    // MARK: YAML aliases

    static func aliasBomb(indent: String = "") -> String {
        var lines = [indent + "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        let names = Array("abcdefghi")
        for level in 1..<9 {
            let alias = "*\(names[level - 1])"
            lines.append(
                indent + "\(names[level]): &\(names[level]) ["
                    + Array(repeating: alias, count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n")
    }

    @Test func aYAMLAliasBombInFrontMatterIsALocatedErrorUnderAMemoryLimit() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("---\ntitle: Laughs\n\(Self.aliasBomb())\n---\n# Home\n".utf8))
        let run = try site.folio(buildArguments, memoryLimitMB: 1024)
        #expect(run.status == 1, "an error within 1 GB of address space:\n\(run)")
        let error = try #require(Diagnostic.parse(run.stderr).first { $0.path == "Content/index.md" }, "\(run.stderr)")
        #expect(error.message.contains("alias"), "\(error)")
        #expect((4...11).contains(error.line), "on a line of the aliases:\n\(error)")

        let model = try site.folio(["model", "Content/index.md"], memoryLimitMB: 1024)
        #expect(model.status == 1, "\(model)")
        let appearance = try site.folio(["appearance", "Content/index.md"], memoryLimitMB: 1024)
        #expect(appearance.status == 1, "\(appearance)")
    }

    @Test func aYAMLAliasBombInSiteYmlAndAppearanceYmlIsALocatedError() throws {
        let site = try WrittenSite()
        try site.write("Content/site.yml", Array("title: Laughs\nparams:\n\(Self.aliasBomb(indent: "  "))\n".utf8))
        try site.write("Content/index.md", Array("# Home\n".utf8))
        let run = try site.folio(buildArguments, memoryLimitMB: 1024)
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/site.yml" && $0.line > 2 && $0.message.contains("alias")
            },
            "\(run.stderr)")

        try site.write("Content/site.yml", Array("title: Fine\n".utf8))
        try site.write("Content/appearance.yml", Array("\(Self.aliasBomb())\n".utf8))
        let appearance = try site.folio(buildArguments, memoryLimitMB: 1024)
        #expect(appearance.status == 1, "\(appearance)")
        #expect(
            Diagnostic.parse(appearance.stderr).contains {
                $0.path == "Content/appearance.yml" && $0.message.contains("alias")
            },
            "\(appearance.stderr)")
    }

    @Test func deeplyNestedYAMLIsALocatedError() throws {
        let site = try WrittenSite()
        let depth = 5_000
        try site.write(
            "Content/index.md",
            Array(
                "---\ndeep: \(String(repeating: "[", count: depth))\(String(repeating: "]", count: depth))\n---\n".utf8)
        )
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        // Too deep for Folio's limit or for libyaml's own: either way an error on the line, not a stack overflow.
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/index.md" && $0.line == 2 && $0.message.contains("nest")
            },
            "\(run.stderr)")
    }

    @Test func aFewAliasesStillWork() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write("Content/page.md", Array("---\nbase: &who Ada\ntitle: *who\n---\nText.\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 0, "\(run)")
        #expect(try site.text("Public/page/index.html").contains("<title>Ada"))
    }

    // MARK: Markdown nesting

    @Test(arguments: [
        String(repeating: ">", count: 100_000) + " quoted",
        String(repeating: "*", count: 100_000) + "x" + String(repeating: "*", count: 100_000),
        String(repeating: "[", count: 50_000) + "x" + String(repeating: "](u)", count: 50_000),
    ])
    func deeplyNestedMarkdownIsALocatedErrorNotAStackOverflow(body: String) throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("---\ntitle: Deep\n---\n# Deep\n\n\(body)\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1 || run.status == 0, "an answer, not a crash: \(run.status)\n\(run.stderr.prefix(2000))")
        if run.status == 1 {
            #expect(
                Diagnostic.parse(run.stderr).contains {
                    $0.path == "Content/index.md" && $0.line == 6 && $0.message.contains("nested")
                },
                "\(run.stderr.prefix(2000))")
        }
        let model = try site.folio(["model", "Content/index.md"])
        #expect(model.status == 0 || model.status == 1, "\(model.status)\n\(model.stderr.prefix(2000))")
    }

    @Test func blockQuotesNestedTooDeepAreAnError() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Deep\n\n\(String(repeating: ">", count: 100_000)) x\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run.status)\n\(run.stderr.prefix(2000))")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/index.md" && $0.line == 3 && $0.message.contains("nested")
            },
            "\(run.stderr.prefix(2000))")
    }

    // MARK: Page size

    @Test func aPageOverTheDefaultSizeLimitIsAnError() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write(
            "Content/huge.md", Array("# Huge\n\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 10 << 20))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        let error = try #require(Diagnostic.parse(run.stderr).first { $0.path == "Content/huge.md" }, "\(run.stderr)")
        #expect(error.message.contains("10 MB") && error.message.contains("maxPageSize"), "\(error)")
    }

    @Test func maxPageSizeInSiteYmlSetsTheLimit() throws {
        let site = try WrittenSite()
        try site.write("Content/site.yml", Array("title: Small pages\nmaxPageSize: 1 KB\n".utf8))
        try site.write("Content/index.md", Array("# Home\n\nShort.\n".utf8))
        try site.write("Content/long.md", Array("# Long\n\n".utf8) + Array(repeating: UInt8(ascii: "y"), count: 2_000))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        #expect(
            diagnostics.count == 1 && diagnostics[0].path == "Content/long.md", "only the long page:\n\(run.stderr)")
        #expect(diagnostics.first?.message.contains("1 KB") == true, "\(run.stderr)")

        try site.write("Content/site.yml", Array("title: Small pages\nmaxPageSize: 4096\n".utf8))
        #expect(try site.folio(buildArguments).status == 0)

        try site.write("Content/site.yml", Array("title: Small pages\nmaxPageSize: big\n".utf8))
        let bad = try site.folio(buildArguments)
        #expect(
            bad.status == 1
                && Diagnostic.parse(bad.stderr).contains {
                    $0.path == "Content/site.yml" && $0.line == 2 && $0.column == 14
                },
            "\(bad)")
    }

    /// The limit lowered after a build: the unchanged page, now over it, is an error in the next (cached) build as
    /// in a clean one, and its output is left as it was (it was written empty, with exit status 0).
    @Test func aLimitLoweredUnderAnUnchangedPageIsAnErrorInTheNextBuild() throws {
        let site = try WrittenSite()
        try site.write("Content/site.yml", Array("title: Small pages\n".utf8))
        try site.write("Content/index.md", Array("# Home\n\nThe words of the home page.\n".utf8))
        #expect(try site.folio(buildArguments).status == 0)
        try site.write("Content/site.yml", Array("title: Small pages\nmaxPageSize: 20\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains { $0.path == "Content/index.md" && $0.message.contains("20 bytes") },
            "\(run.stderr)")
        #expect(try site.text("Public/index.html").contains("The words of the home page."), "left as it was")
    }

    /// GitHub's bare addresses, in text that offers a candidate every few bytes and no space: each candidate was
    /// scanned to the end of its run (`www.a_www.a_…`, `a@a@…`, `(www.ab<(www.ab<…`, a `)` counted again for each
    /// of `http://a))))…`), so a page of a few hundred kilobytes built for minutes and one of a megabyte for an hour.
    /// Each run is now read in one pass: the page builds, and the addresses after each run are linked as before.
    @Test func runsOfAddressLikeTextBuildInOnePass() throws {
        let site = try WrittenSite()
        try site.write("Content/site.yml", Array("title: Runs\n".utf8))
        let runs = ["www.a_", "a@", "a.b@", "(www.ab<", "www.a.b_www.c.", "x://a"]
        var page = "# Runs\n\n"
        for run in runs {
            page += String(repeating: run, count: 40_000) + "\n\nSee www.example.com or mail me@example.com.\n\n"
        }
        page += "http://a" + String(repeating: ")", count: 200_000) + "\n"
        try site.write("Content/index.md", Array(page.utf8))
        let run = try site.folio(buildArguments, memoryLimitMB: 2048)
        #expect(run.status == 0, "\(run)")
        let html = try site.text("Public/index.html")
        #expect(html.components(separatedBy: "<a href=\"http://www.example.com\">").count - 1 == runs.count)
        #expect(html.components(separatedBy: "<a href=\"mailto:me@example.com\">").count - 1 == runs.count)
        #expect(html.contains("<a href=\"http://a\">http://a</a>)))"), "the unmatched parentheses are left out")
    }

    /// A scratch site with a layout that includes `include`.
    private func themedSite(include: String = "loop") throws -> WrittenSite {
        try layoutSite(
            page: Array("# Home\n\nText.\n".utf8),
            layout:
                "<!doctype html>\n<title>{{page.title}}</title>\n{{> \(include)}}\n<main>{{{page.content}}}</main>\n")
    }
}
