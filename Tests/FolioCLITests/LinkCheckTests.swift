import Foundation
import Testing

/// `folio check` and the link check of every build (issue 14): every kind of internal link, correct and broken.
@Suite struct LinkCheckTests {
    static let checkArguments = ["check", "--content", "Content", "--output", "Public"]

    /// The broken links of Tests/Fixtures/cli-links/Content/index.md, each with the suggestion its warning must make.
    static let broken: [(link: String, suggestion: String)] = [
        ("[page](othr.md)", "did you mean 'other.md'?"),
        ("[file](files/doc.text)", "did you mean '/files/doc.txt'?"),
        ("[anchor on another page](other.md#instal)", "did you mean '#install'?"),
        ("[anchor inside tab 2](tabs.md#Deep-In-Two)", "did you mean '#deep-in-two'?"),
        ("[anchor inside page 3](paged.md#inside-tree)", "did you mean '#inside-three'?"),
        ("[segmented list](segmented.md#all-betta)", "did you mean '#all-beta'?"),
        ("[draft](draft.md)", "draft.md is a draft, built only with --drafts"),
        ("[same page](#brokn-links)", "did you mean '#broken-links'?"),
        // A missing target's suggestion is made once and given to every link to it.
        ("[the same page again](othr.md#usage)", "did you mean 'other.md'?"),
        ("[the same file again](files/doc.text)", "did you mean '/files/doc.txt'?"),
    ]

    @Test func checkReportsExactlyTheBrokenLinksAtTheirLineAndColumnWithASuggestion() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        let run = try Folio.run(Self.checkArguments, in: site)
        #expect(run.status == 0, "broken links are warnings without --strict:\n\(run)")
        let page = site.appendingPathComponent("Content/index.md")
        let warnings = Diagnostic.parse(run.stderr)
        #expect(warnings.allSatisfy { $0.severity == "warning" && $0.path == "Content/index.md" }, "\(run)")

        // Heading ids follow the site's algorithm (Folio's or GitHub's): read the one a build gives "Node.js setup".
        let built = try Folio.run(buildArguments, in: site)
        let other = try Tree.text(site.appendingPathComponent("Public/other/index.html"))
        let nodeID = try #require(
            other.range(of: #"id="([^"]*)">Node.js setup"#, options: .regularExpression).map {
                String(other[$0].dropFirst(4).prefix { $0 != "\"" })
            }, "no heading 'Node.js setup' in other/index.html:\n\(built)")

        var expected = Self.broken
        expected.append(("[punctuation](other.md#Node-JS-setup)", "did you mean '#\(nodeID)'?"))
        for (link, suggestion) in expected {
            let position = try Position.of(link, inFile: page)
            let found = warnings.filter { $0.line == position.line && $0.column == position.column }
            #expect(found.count == 1, "expected one warning at index.md:\(position) for \(link):\n\(run.stderr)")
            #expect(found.first?.message.hasSuffix(suggestion) == true, "\(link): \(found.first?.message ?? "nothing")")
            #expect(found.first?.message.hasPrefix("broken link") == true, "\(found.first?.message ?? "")")
        }
        #expect(warnings.count == expected.count, "only the broken links are reported:\n\(run.stderr)")
    }

    /// The `nav` of site.yml is on every page, and was never checked: `/nope/` passed `--strict`.
    @Test func theNavOfSiteYmlIsCheckedAtItsLines() throws {
        let scratch = try ScratchSite(nil)
        let entries = [
            ("Broken", "/nope/"), ("Anchor", "/about/#nosuch"), ("Team", "/about/#team"), ("Top", "/about/#top"),
            ("Encoded", "/my%20notes/"), ("Folder", "/blog/"), ("Elsewhere", "https://example.org/"),
            ("File", "/files/gone.pdf"), ("No slash", "/about"), ("Index", "/about/index.html#team"),
        ]
        try scratch.write(
            "Content/site.yml",
            "title: Nav\nnav:\n" + entries.map { "  - title: \($0.0)\n    url: \($0.1)\n" }.joined())
        try scratch.write("Content/about.md", "# About\n\n## Team\n\nUs.\n")
        try scratch.write("Content/my notes.md", "# Notes\n")
        try scratch.write("Content/blog/post.md", "# Post\n")
        for command in [Self.checkArguments, buildArguments] {
            let run = try scratch.build(command)
            #expect(run.status == 0, "\(run)")
            let warnings = Diagnostic.parse(run.stderr).filter { $0.severity == "warning" }
            let config = try Tree.text(scratch.url("Content/site.yml"))
            let expected = try ["/nope/", "/about/#nosuch", "/files/gone.pdf"].map { url in
                (url, try #require(Position.of("url: \(url)", in: config)))
            }
            #expect(warnings.count == expected.count, "\(command): \(run.stderr)")
            for (url, position) in expected {
                let found = warnings.first { $0.message.contains("'\(url)'") }
                #expect(
                    found?.path == "Content/site.yml" && found?.line == position.line
                        && found?.column == position.column + 5, "\(url): \(run.stderr)")
            }
        }
        let strict = try scratch.build(buildArguments + ["--strict"])
        #expect(strict.status == 1 && strict.stderr.contains("Content/site.yml:4:10: error: broken link '/nope/'"))
    }

    /// Front matter `image:` (the link previews' picture) named a missing file without a word: og:image pointed nowhere.
    @Test func aFrontMatterImageIsCheckedAtItsLineAndFoundOnceItsFileIsAdded() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/site.yml", "title: Images\nbaseURL: https://example.org/\n")
        try scratch.write("Content/images/card.png", "png")
        let pages = [
            ("Content/guide/missing.md", "cards.png"), ("Content/guide/relative.md", "../images/card.png"),
            ("Content/rooted.md", "/images/card.png"), ("Content/elsewhere.md", "https://example.net/card.png"),
            ("Content/theme.md", "/assets/folio.css"), ("Content/gone.md", "/images/gone.png"),
            ("Content/listed.md", "[/images/card.png, /images/gone.png]"), ("Content/unset.md", "~"),
        ]
        for (path, image) in pages { try scratch.write(path, "---\ntitle: T\nimage: \(image)\n---\n# T\n\nText.\n") }
        for command in [Self.checkArguments, buildArguments] {
            let run = try scratch.build(command)
            #expect(run.status == 0, "\(run)")
            let warnings = Diagnostic.parse(run.stderr).filter { $0.severity == "warning" }
            #expect(warnings.count == 3, "\(command): \(run.stderr)")
            #expect(
                warnings.contains {
                    $0.path == "Content/guide/missing.md" && $0.line == 3 && $0.column == 8
                        && $0.message.hasPrefix("image 'cards.png': the site has no file /guide/cards.png")
                }, "\(run.stderr)")
            #expect(
                warnings.contains {
                    $0.path == "Content/gone.md" && $0.line == 3 && $0.message.contains("no file /images/gone.png")
                }, "\(run.stderr)")
            // A list was left out of og:image without a word.
            #expect(
                warnings.contains {
                    $0.path == "Content/listed.md" && $0.line == 3 && $0.column == 8
                        && $0.message.hasPrefix("'image' must be one path or URL")
                }, "\(run.stderr)")
        }
        let strict = try scratch.build(buildArguments + ["--strict"])
        #expect(strict.status == 1, "\(strict)")
        // The pages are taken from the cache when their files did not change: the file added must still count.
        try scratch.write("Content/guide/cards.png", "png")
        try scratch.write("Content/images/gone.png", "png")
        try scratch.write("Content/listed.md", "---\ntitle: T\nimage: /images/card.png\n---\n# T\n\nText.\n")
        let fixed = try scratch.build(buildArguments + ["--strict"])
        #expect(fixed.status == 0 && !fixed.stderr.contains("warning"), "\(fixed)")
        let card = try Tree.text(scratch.url("Public/guide/missing/index.html"))
        #expect(card.contains("content=\"https://example.org/guide/cards.png\""), "og:image of the page")
    }

    @Test func strictMakesABrokenLinkAnErrorAndBuildsNothing() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        for command in [buildArguments, Self.checkArguments] {
            let run = try Folio.run(command + ["--strict"], in: site)
            #expect(run.status == 1, "\(run)")
            let broken = Diagnostic.parse(run.stderr).filter { $0.message.hasPrefix("broken link") }
            #expect(broken.count == Self.broken.count + 1 && broken.allSatisfy { $0.severity == "error" }, "\(run)")
        }
        #expect(!Tree.exists(site.appendingPathComponent("Public")), "a failed build publishes nothing")
    }

    @Test func aDraftIsBuiltWithDraftsAndThenItsLinkIsFine() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        let run = try Folio.run(Self.checkArguments + ["--drafts"], in: site)
        let messages = Diagnostic.parse(run.stderr).map(\.message)
        #expect(!messages.contains { $0.contains("draft") }, "\(run)")
        #expect(messages.count == Self.broken.count, "\(run)")
    }

    @Test func checkWritesNoOutputAndNoCache() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        let before = Tree.files(under: site)
        let run = try Folio.run(Self.checkArguments, in: site)
        #expect(run.status == 0, "\(run)")
        #expect(
            Tree.files(under: site) == before,
            "folio check wrote files: \(Set(Tree.files(under: site)).subtracting(before).sorted())")
        #expect(!Tree.exists(site.appendingPathComponent("Public")))
    }

    @Test func checkLeavesABuiltOutputAndItsCacheByteForByte() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        #expect(try Folio.run(buildArguments, in: site).status == 0)
        // An edit the check must see, without writing it anywhere.
        let other = site.appendingPathComponent("Content/other.md")
        try Tree.write(try Tree.text(other).replacingOccurrences(of: "## Usage", with: "## Usages"), to: other)
        let before = try Tree.snapshot(site)
        let run = try Folio.run(Self.checkArguments, in: site)
        #expect(run.status == 0, "\(run)")
        let after = try Tree.snapshot(site)
        #expect(after == before, "folio check changed: \(Tree.differences(before, after))")
        let page = site.appendingPathComponent("Content/index.md")
        let position = try Position.of("[site path](/other/#usage)", inFile: page)
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.line == position.line && $0.column == position.column
                    && $0.message.hasSuffix("did you mean '#usages'?")
            }, "the edited heading's old anchor is reported, from the unchanged page:\n\(run.stderr)")
    }

    @Test func aFactsFileCutShortGivesNoFalseWarning() throws {
        // The link check's cache cut inside the linked page's ids (a full disk): its anchor looked gone.
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/index.md", "# Home\n\nSee [the team](about.md#team).\n")
        try scratch.write("Content/about.md", "# About\n\n## Team\n\nUs.\n")
        #expect(try scratch.build().status == 0)
        let cache = scratch.url(".folio-cache")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(".facts") })
        let facts = cache.appendingPathComponent(name)
        let text = try Tree.text(facts)
        let ids = try #require(text.range(of: "\tteam\n"), "\(text)")
        try Tree.write(String(text[..<ids.lowerBound]), to: facts)
        try scratch.write("Content/index.md", "# Home\n\nSee [the team](about.md#team), again.\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    }

    @Test func anUnchangedPageWhoseTargetVanishedIsCheckedAgain() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        #expect(try Folio.run(buildArguments, in: site).status == 0)
        let page = site.appendingPathComponent("Content/index.md")
        let position = try Position.of("[anchor on another page](other.md#install)", inFile: page)
        let other = site.appendingPathComponent("Content/other.md")
        try Tree.write(try Tree.text(other).replacingOccurrences(of: "## Install", with: "## Installing"), to: other)
        let edited = try Folio.run(buildArguments, in: site)
        #expect(edited.stdout.contains("1 rendered"), "only the edited page renders:\n\(edited)")
        #expect(
            Diagnostic.parse(edited.stderr).contains {
                $0.line == position.line && $0.column == position.column
                    && $0.message.hasSuffix("did you mean '#installing'?")
            }, "\(edited)")
        try FileManager.default.removeItem(at: other)
        let removed = try Folio.run(buildArguments, in: site)
        let pagePosition = try Position.of("[page](other.md)", inFile: page)
        #expect(
            Diagnostic.parse(removed.stderr).contains {
                $0.line == pagePosition.line && $0.column == pagePosition.column
                    && $0.message.contains("no page other.md")
            }, "\(removed)")
        // Nothing changed: the same warnings again, from the cache.
        let again = try Folio.run(buildArguments, in: site)
        #expect(Diagnostic.parse(again.stderr) == Diagnostic.parse(removed.stderr), "\(again)")
    }

    @Test func githubFormatPrintsWorkflowCommandsThatParseBackAndAJobSummary() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-links")
        let text = try Folio.run(Self.checkArguments + ["--strict"], in: site)
        let summary = sandbox.root.appendingPathComponent("step-summary.md")
        let run = try Folio.run(
            Self.checkArguments + ["--format", "github", "--strict"], in: site,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(run.status == 1, "\(run)")
        let regex = try NSRegularExpression(
            pattern: "^::(error|warning) file=([^,]*),line=([0-9]+),col=([0-9]+),title=([^,:]*)::(.*)$")
        func unescape(_ text: String) -> String {
            text.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
                .replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
                .replacingOccurrences(of: "%25", with: "%")
        }
        var parsed: [Diagnostic] = []
        for line in run.stdoutLines where line.hasPrefix("::error") || line.hasPrefix("::warning") {
            let match = try #require(
                regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "unparsable: \(line)")
            let field = { (index: Int) in String(line[Range(match.range(at: index), in: line)!]) }
            #expect(field(5) == "Broken link")
            parsed.append(
                Diagnostic(
                    path: unescape(field(2)), line: Int(field(3))!, column: Int(field(4))!, severity: field(1),
                    message: unescape(field(6))))
        }
        let expected = Diagnostic.parse(text.stderr)
        #expect(
            expected.count == Self.broken.count + 1 && expected.allSatisfy { $0.severity == "error" },
            "under --strict:\n\(text)")
        #expect(parsed == expected, "the annotations say what the text format says:\n\(run.stdout)")
        let markdown = try Tree.text(summary)
        #expect(markdown.contains("## Folio check: failed"), "\(markdown)")
        #expect(markdown.contains("| Errors | \(expected.count) |"), "\(markdown)")
        #expect(markdown.contains("`Content/index.md:\(expected[0].line):\(expected[0].column)`"), "\(markdown)")
    }
}
