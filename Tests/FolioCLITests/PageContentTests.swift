import Foundation
import Testing

/// SPEC §4: the table data model, seen from outside — in the built page and through `folio model`.
@Suite("Page content")
struct PageContentTests {
    @Test func everyBlockAppearsExactlyOnceInThePageInOrder() throws {
        let built = try BuiltSite("cli-nothing-lost")
        let source = try Tree.text(built.site.appendingPathComponent("Content/page.md"))
        // Navigation ("On this page", breadcrumbs, previous/next) repeats titles by design: only the page's own text counts.
        let main = try built.main("page/index.html")
            .replacingOccurrences(of: "<nav[^>]*>[\\s\\S]*?</nav>", with: "", options: .regularExpression)
        let text = HTML.text(main)
        let tokens = (1...25).map { String(format: "token%02d", $0) }
        for token in tokens {
            #expect(source.contains(token), "fixture lacks \(token)")
            #expect(
                HTML.count(token, in: text) == 1,
                "\(token) appears \(HTML.count(token, in: text)) times in <main>:\n\(text)")
        }
        let offsets = tokens.compactMap { text.range(of: $0)?.lowerBound }
        #expect(offsets == offsets.sorted(), "blocks are out of document order:\n\(text)")
        // The title comes once, from front matter.
        #expect(HTML.count("Every block once", in: text) == 1)
    }

    /// `folio model` on a file that is no page exited 1 and said nothing.
    @Test func modelCommandSaysWhenAFileIsNoPage() throws {
        let run = try Folio.run(["model", "Content/site.yml"], in: Folio.fixture("cli-model"))
        #expect(run.status == 1 && run.stdout.isEmpty, "\(run)")
        #expect(
            run.stderr.contains("Content/site.yml:1:1: error: not a page of the site in Content (not a .md file"),
            "\(run)")
    }

    /// A folder given as the page said "no file at 'Content'", as if nothing were there.
    @Test func modelAndAppearanceSayWhenThePageIsAFolder() throws {
        for command in ["model", "appearance"] {
            let run = try Folio.run([command, "Content/guide"], in: Folio.fixture("cli-model"))
            #expect(run.status == 2 && run.stdout.isEmpty, "\(run)")
            #expect(
                run.stderr.contains(
                    "'Content/guide' is a folder: name one of its pages, such as 'Content/guide/index.md'"),
                "\(run)")
            let missing = try Folio.run([command, "Content/nothing.md"], in: Folio.fixture("cli-model"))
            #expect(missing.status == 2 && missing.stderr.contains("no file at 'Content/nothing.md'"), "\(missing)")
        }
    }

    @Test func modelCommandPrintsTheTableDataModelAsJSON() throws {
        let run = try Folio.run(["model", "Content/guide/tour.md"], in: Folio.fixture("cli-model"))
        #expect(run.status == 0, "\(run)")
        let model = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            "stdout is not a JSON object:\n\(run.stdout)")
        #expect(model["title"] as? String == "A Tour")
        #expect(model["url"] as? String == "/guide/tour/")
        #expect(model["view"] as? String == "paged")
        #expect(
            (model["intro"] as? String)?.contains("<p>Welcome to the tour.</p>") == true,
            "intro: \(model["intro"] ?? "nil")")

        let sections = try #require(model["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["id"] as? String } == ["install-now", "gallery", "install-now-1"])
        #expect(sections.map { $0["level"] as? Int } == [2, 2, 2])

        let install = sections[0]
        #expect(install["title"] as? String == "Install <em>now</em>", "title is inline HTML")
        #expect(install["text"] as? String == "Install now", "text is plain")
        #expect(install["view"] as? String == "list")
        let rows = try #require(install["rows"] as? [[String: Any]])
        #expect(rows.count == 3, "a paragraph and a two-item list give three rows: \(rows)")
        #expect(rows.compactMap { $0["text"] as? String } == ["Download the binary.", "First step", "Second step"])
        #expect((rows.first?["html"] as? String)?.contains("<p>Download the binary.</p>") == true)
        #expect(rows.dropFirst().allSatisfy { ($0["html"] as? String)?.contains("step") == true })

        let subsections = try #require(install["sections"] as? [[String: Any]])
        #expect(subsections.count == 1)
        let details = try #require(subsections.first)
        #expect(details["id"] as? String == "deep", "{#deep} sets the id")
        #expect(details["title"] as? String == "Details", "the braces do not show")
        #expect(details["level"] as? Int == 3)
        #expect((details["rows"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["Fine print."])
        #expect((details["sections"] as? [Any])?.isEmpty == true)

        let gallery = sections[1]
        #expect(gallery["title"] as? String == "Gallery", "the {view=…} attribute does not show")
        #expect(gallery["view"] as? String == "tabs")
        #expect((gallery["rows"] as? [Any])?.isEmpty == true)
        #expect((gallery["sections"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["one", "two"])
    }

    @Test func modelCommandTakesTheTitleFromTheFirstHeading() throws {
        let run = try Folio.run(["model", "Content/guide/untitled.md"], in: Folio.fixture("cli-model"))
        #expect(run.status == 0, "\(run)")
        let model = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(model["title"] as? String == "Title From Heading")
        #expect(model["url"] as? String == "/guide/untitled/")
        #expect(model["view"] as? String == "list", "view defaults to list")
        let intro = (model["intro"] as? String) ?? ""
        #expect(intro.contains("Intro of a page without front matter."))
        #expect(!intro.contains("Title From Heading"), "the title heading is not repeated in the body")
        let sections = (model["sections"] as? [[String: Any]]) ?? []
        #expect(sections.compactMap { $0["id"] as? String } == ["only-section"])
    }

    /// `folio new ""` (a `$DIR` left unset) named the current folder and wrote the starter over the site in it.
    @Test func newRefusesAnEmptyNameAndAFileAndWritesNothing() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.folder("site")
        try Tree.write("title: My real site\n", to: site.appendingPathComponent("Content/site.yml"))
        try Tree.write("notes\n", to: site.appendingPathComponent("notes.txt"))
        let before = try Tree.snapshot(site)
        let empty = try Folio.run(["new", ""], in: site)
        #expect(empty.status == 2 && empty.stderr.contains("name the folder to create"), "\(empty)")
        // With a slash, the file was not found (it is no folder) and the write failed with a bare system error.
        for name in ["notes.txt", "notes.txt/", "notes.txt//"] {
            let file = try Folio.run(["new", name], in: site)
            #expect(
                file.status == 1
                    && file.stderr == "error: notes.txt already exists and is a file; choose a new folder\n", "\(file)")
        }
        let inside = try Folio.run(["new", "notes.txt/site"], in: site)
        #expect(
            inside.status == 1 && inside.stderr == "error: cannot create the folder notes.txt/site: Not a directory\n",
            "\(inside)")
        #expect(try Tree.snapshot(site) == before)
    }

    /// An infinite or huge time-out trapped converting it to the server's clock; it is a usage error.
    @Test func aTimeOutPastADayIsAUsageErrorNotACrash() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.folder("site")
        try Tree.write("title: T\n", to: site.appendingPathComponent("Content/site.yml"))
        for arguments in [
            ["check", "--external", "--timeout", "inf"], ["check", "--external", "--timeout", "1e300"],
            ["serve", "--port", "0", "--idle-timeout", "inf"], ["serve", "--port", "0", "--header-timeout", "1e300"],
            ["serve", "--port", "0", "--idle-timeout", "nan"],
        ] {
            let run = try Folio.run(arguments, in: site, timeout: 30)
            #expect(run.status == 2 && !run.signaled && run.stderr.contains("at most a day"), "\(arguments): \(run)")
        }
    }

    /// `folio new "my docs"` told the user to type `cd my docs`, which a shell reads as two words.
    @Test func newSaysHowToEnterTheFolderAsAShellReadsIt() throws {
        let sandbox = try Sandbox()
        for (name, cd) in [("my docs", "cd 'my docs'"), ("-dash", "cd ./-dash"), ("it's", #"cd 'it'\''s'"#)] {
            let created = try Folio.run(["new", "--", name], in: sandbox.root)
            #expect(created.status == 0 && created.stdout.contains("\n  \(cd)\n"), "\(created)")
        }
    }

    @Test func newWritesAStarterSiteThatBuilds() throws {
        let sandbox = try Sandbox()
        let created = try Folio.run(["new", "mysite/"], in: sandbox.root)
        #expect(
            created.status == 0 && created.stdout.hasPrefix("Created a site in mysite/. Next:\n  cd mysite\n"),
            "\(created)")
        let site = sandbox.root.appendingPathComponent("mysite", isDirectory: true)
        #expect(Tree.exists(site.appendingPathComponent("Content/site.yml")))

        let built = try Folio.run(["build"], in: site)
        #expect(built.status == 0, "the starter site must build:\n\(built)")
        #expect(Tree.exists(site.appendingPathComponent("Public/index.html")))
        #expect(Diagnostic.parse(built.stderr).isEmpty, "the starter site builds without warnings:\n\(built.stderr)")

        let strict = try Folio.run(["build", "--strict"], in: site)
        #expect(strict.status == 0, "the starter site builds with --strict:\n\(strict)")
    }
}

@Suite struct TemplateContextTests {
    @Test func layoutsCanIterateSectionsRowsSubsectionsParamsAndPages() throws {
        let built = try BuiltSite("cli-template-context", ["--templates", "Templates"])
        let html = try built.html("index.html")
        #expect(html.contains("[one|One|2:a;b;(deep)][two|Two|2:Text.;]"), "\(html)")
        #expect(html.contains("mood=sunny"))
        // Strings behave as strings: transforms apply, a section over one sees the names around it and `.` is the string.
        #expect(html.contains("loud=ROWS in=Rows/Context dot=/"), "\(html)")
        #expect(html.contains("<a href=\"./\">Rows</a>"))
    }
}
