import Testing

@testable import FolioKit

@Suite struct LinkTests {
    let pages = [
        "guide/setup.md": "/guide/setup/", "guide/page.md": "/guide/page/", "index.md": "/", "about.md": "/about/",
    ]

    @Test func markdownLinksBecomeRelativePageURLsWithAnchors() {
        let output = model("[a](setup.md#install) [b](../index.md) [c](../about.md?x=1)\n", pages: pages)
        #expect(output.model.intro.contains("href=\"../setup/#install\""))
        #expect(output.model.intro.contains("href=\"../../\""))
        #expect(output.model.intro.contains("href=\"../../about/?x=1\""))
    }

    /// A page is told from a file (by the reader, the page's URL and the link policy alike) as Folio always told it,
    /// `lowercased().hasSuffix(".md")`, by characters: a prepend character (U+0600) before the dot makes `؀.md` one
    /// character, so `a؀.md` is a file.
    @Test(arguments: [
        "a.md", "a.MD", "a.Md", "x/b.mD", "résumé.md", "a\u{600}.md", "\u{600}.md", "a\u{200D}.md", "a\u{301}.md",
        ".md", "md", "a.md/", "a.mdx", "a.m", "", "\u{110BD}.md", "é.MD",
    ])
    func aLinkNamesAPageAsTheSiteReaderDoes(path: String) {
        #expect(SitePath.isMarkdown(path) == path.lowercased().hasSuffix(".md"))
    }

    @Test func aLinkToAFileWhoseNameOnlyLooksLikeAPageKeepsItsPath() {
        let policy = LinkPolicy(pageURLs: ["guide/page.md": "/guide/page/"], staticFiles: ["guide/a\u{600}.md"])
        #expect(
            policy.resolve("a%D8%80.md", isImage: false, sourcePath: "guide/page.md", pageURL: "/guide/page/")
                == .replace("../a\u{600}.md", sitePath: "/guide/a\u{600}.md"))
    }

    /// The link check takes the site path of a page or a file beside the Markdown from the policy, instead of
    /// resolving the destination written anew again: the path that destination leads to, for names a URL encodes,
    /// from pages at several depths (the folder's own page, whose links to a name with a colon start with `./`).
    @Test(arguments: [
        ("guide/page.md", "b.md"), ("guide/page.md", "b.md#Part%202"), ("guide/page.md", "b.md#"),
        ("guide/page.md", "../c%23/d.md"), ("guide/page.md", "sub/100%25.md#x"), ("guide/page.md", "./x:y.md"),
        ("guide/page.md", "r%C3%A9sum%C3%A9.md?q=1#f"), ("guide/page.md", "images/a%20b.svg"),
        ("guide/page.md", "images/r%C3%A9sum%C3%A9.pdf"), ("guide/page.md", "./b.md"),
        ("guide/page.md", "sub/../b.md#top"), ("guide/page.md", "../index.md"), ("guide/page.md", "page.md#self"),
        ("guide/index.md", "./x:y.md"), ("guide/index.md", "b.md"), ("index.md", "guide/b.md?x#y"),
        ("index.md", "index.md"),
    ])
    func theSitePathOfALinkIsWhereItsNewDestinationLeads(source: String, written: String) {
        let policy = LinkPolicy(
            pageURLs: [
                "guide/b.md": "/guide/b/", "c#/d.md": "/c#/d/", "guide/sub/100%.md": "/guide/sub/100%/",
                "guide/x:y.md": "/guide/x:y/", "guide/résumé.md": "/guide/résumé/", "index.md": "/",
                "guide/index.md": "/guide/", "guide/page.md": "/guide/page/",
            ],
            staticFiles: ["guide/images/a b.svg", "guide/images/r\u{65}\u{301}sum\u{65}\u{301}.pdf"])
        let pageURL = SitePath.pageURL(forSource: source)
        let outcome = policy.resolve(written, isImage: false, sourcePath: source, pageURL: pageURL)
        guard case .replace(let url, sitePath: let sitePath?) = outcome else {
            Issue.record("\(written): \(outcome)")
            return
        }
        #expect(
            PageLink.target(emitted: url, pageURL: pageURL)
                == .site(path: sitePath, fragment: PageLink.fragment(of: url)), "\(source): \(written) → \(url)")
    }

    @Test func sitePathsBecomeRelativeSoSubPathsAndFileURLsWork() {
        let output = model("[a](/about/) [b](/images/x.png)\n", pages: pages)
        #expect(output.model.intro.contains("href=\"../../about/\""))
        #expect(output.model.intro.contains("href=\"../../images/x.png\""))
    }

    @Test func filesBesideTheMarkdownAreLinkedFromThePageURL() {
        let url = SitePath.pageURL(forSource: "guide/page.md")
        var diagnostics = Diagnostics()
        let output = ModelBuilder.build(
            .init(
                markdown: "![d](images/d.svg) [z](../files/z.zip#x) [gone](nothing.png)\n", lineOffset: 0,
                sourcePath: "guide/page.md", displayPath: "Content/guide/page.md", pageURL: url, sectionLevel: 2,
                unsafeHTML: false, titleFromHeading: true, view: .list,
                links: LinkPolicy(pageURLs: pages, staticFiles: ["guide/images/d.svg", "files/z.zip"])),
            diagnostics: &diagnostics)
        #expect(output.model.intro.contains("src=\"../images/d.svg\""))
        #expect(output.model.intro.contains("href=\"../../files/z.zip#x\""))
        #expect(output.model.intro.contains("href=\"nothing.png\""))
    }

    /// A file named decomposed (`e` and a combining accent, as macOS writes names) and a link written composed: Swift
    /// finds the file, but a Linux server serves it only by its own bytes; the link named the bytes the author typed.
    @Test func aLinkToAFileNamesItsBytesAsTheFileHasThem() {
        let decomposed = "r\u{65}\u{301}sum\u{65}\u{301}.pdf"
        let composed = "r\u{e9}sum\u{e9}.pdf"
        let links = LinkPolicy(pageURLs: pages, staticFiles: ["files/" + decomposed])
        // Compared by bytes: Swift's `==` takes the two spellings as equal.
        let expected = Array(("../../files/" + decomposed).utf8)
        for written in ["../files/" + composed, "/files/" + composed] {
            let outcome = links.resolve(written, isImage: false, sourcePath: "guide/page.md", pageURL: "/guide/page/")
            guard case .replace(let href, _) = outcome else {
                Issue.record("\(written): \(outcome)")
                continue
            }
            #expect(Array(href.utf8) == expected, "\(written): \(Array(href.utf8))")
        }
    }

    /// The same for a page: its file named decomposed gives it a decomposed URL, which a site path link written
    /// composed (with or without the last slash) finds, and must name in the page's own bytes.
    @Test func aSitePathToAPageNamesItsBytesAsThePageHasThem() {
        let decomposed = "r\u{65}\u{301}sum\u{65}\u{301}"
        let composed = "r\u{e9}sum\u{e9}"
        let links = LinkPolicy(pageURLs: pages.merging(["\(decomposed).md": "/\(decomposed)/"]) { $1 })
        for (written, expected) in [
            ("/\(composed)/", "../../\(decomposed)/"), ("/\(composed)/#work", "../../\(decomposed)/#work"),
            ("/\(composed)", "../../\(decomposed)"), ("/\(composed)/cv.pdf", "../../\(composed)/cv.pdf"),
        ] {
            let outcome = links.resolve(written, isImage: false, sourcePath: "guide/page.md", pageURL: "/guide/page/")
            guard case .replace(let href, _) = outcome else {
                Issue.record("\(written): \(outcome)")
                continue
            }
            #expect(Array(href.utf8) == Array(expected.utf8), "\(written): \(href.unicodeScalars.map(\.value))")
        }
    }

    @Test func externalAndFragmentLinksAreKept() {
        let output = model("[a](https://example.com/x.md) [b](#top) [c](mailto:a@b.c)\n", pages: pages)
        #expect(output.model.intro.contains("href=\"https://example.com/x.md\""))
        #expect(output.model.intro.contains("href=\"#top\""))
        #expect(output.model.intro.contains("href=\"mailto:a@b.c\""))
    }

    /// The warning itself comes from the site's link check, which knows drafts and suggests a page (LinkCheckTests).
    @Test func linkToAMissingPageIsRecordedAtItsLineForTheLinkCheck() {
        let output = model("Intro\n\nSee [x](nope.md).\n", pages: pages)
        #expect(output.links.map(\.target) == [.source(path: "guide/nope.md", fragment: nil)])
        #expect(output.links.first?.line == 3)
        #expect(output.links.first?.column == 5)
    }

    @Test func relativePathsBetweenPages() {
        #expect(SitePath.relative(from: "/a/b/", to: "/a/c/") == "../c/")
        #expect(SitePath.relative(from: "/", to: "/a/") == "a/")
        #expect(SitePath.relative(from: "/a/", to: "/") == "../")
        #expect(SitePath.relative(from: "/a/", to: "/a/") == "./")
        #expect(SitePath.relative(from: "/a/b/", to: "/assets/x.css") == "../../assets/x.css")
        #expect(SitePath.relative(from: "/a/", to: "/a/img.png") == "img.png")
    }

    @Test func joiningNormalisesDotsAndNeverClimbsAboveTheRoot() {
        #expect(SitePath.join(directory: "guide", "setup.md") == "guide/setup.md")
        #expect(SitePath.join(directory: "guide/deep", "../index.md") == "guide/index.md")
        #expect(SitePath.join(directory: "guide", "./a//b/./c.md") == "guide/a/b/c.md")
        #expect(SitePath.join(directory: "guide", "../../../x.md") == "x.md")
        #expect(SitePath.join(directory: "guide", "/about.md") == "about.md")
        #expect(SitePath.join(directory: "", "ünïcode/ページ.md") == "ünïcode/ページ.md")
        #expect(SitePath.relative(from: "/ünï/", to: "/ünï/ページ/") == "ページ/")
    }

    @Test(arguments: [
        ("https://example.org", true), ("mailto:a@b", true), ("x+y-z.1:rest", true), ("C:", true),
        ("page.md", false), ("a/b:c", false), ("1http:x", false), (":x", false), ("", false), ("ü:x", false),
    ])
    func aSchemeIsALetterThenLettersDigitsPlusMinusDotsThenAColon(url: String, scheme: Bool) {
        #expect(LinkPolicy.hasScheme(url) == scheme)
    }

    @Test(arguments: [
        ("javascript:alert(1)", false, true), (" JavaScript:x", false, true), ("java\nscript:x", false, true),
        ("java\u{7F}script:x", false, true), ("vbscript:x", false, true), ("FILE:///etc/passwd", false, true),
        ("data:text/html,x", false, true), ("data:image/png;base64,x", false, true),
        ("data:image/png;base64,x", true, false),
        ("DATA:IMAGE/WEBP,x", true, false), ("data:image/svg+xml,x", true, true), ("javascrïpt:x", false, false),
        ("https://example.org/javascript:", false, false), ("page.md#javascript:", false, false), ("a:b", false, false),
    ])
    func scriptFileAndNonImageDataURLsAreDangerous(url: String, isImage: Bool, dangerous: Bool) {
        #expect(LinkPolicy.isDangerous(url, isImage: isImage) == dangerous)
    }

    @Test func pageURLsArePretty() {
        #expect(SitePath.pageURL(forSource: "a/b.md") == "/a/b/")
        #expect(SitePath.pageURL(forSource: "a/index.md") == "/a/")
        #expect(SitePath.pageURL(forSource: "index.md") == "/")
        #expect(SitePath.pageURL(forSource: "a/b.md", slug: "c") == "/a/c/")
    }
}
