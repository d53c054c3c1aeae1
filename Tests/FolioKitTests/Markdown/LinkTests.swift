import Testing

@testable import FolioKit

@Suite struct LinkTests {
    let pages = ["guide/setup.md": "/guide/setup/", "guide/page.md": "/guide/page/", "index.md": "/", "about.md": "/about/"]

    @Test func markdownLinksBecomeRelativePageURLsWithAnchors() {
        let output = model("[a](setup.md#install) [b](../index.md) [c](../about.md?x=1)\n", pages: pages)
        #expect(output.model.intro.contains("href=\"../setup/#install\""))
        #expect(output.model.intro.contains("href=\"../../\""))
        #expect(output.model.intro.contains("href=\"../../about/?x=1\""))
    }

    @Test func sitePathsBecomeRelativeSoSubPathsAndFileURLsWork() {
        let output = model("[a](/about/) [b](/images/x.png)\n", pages: pages)
        #expect(output.model.intro.contains("href=\"../../about/\""))
        #expect(output.model.intro.contains("href=\"../../images/x.png\""))
    }

    @Test func filesBesideTheMarkdownAreLinkedFromThePageURL() {
        let url = SitePath.pageURL(forSource: "guide/page.md")
        let output = ModelBuilder.build(.init(
            markdown: "![d](images/d.svg) [z](../files/z.zip#x) [gone](nothing.png)\n", lineOffset: 0,
            sourcePath: "guide/page.md", displayPath: "Content/guide/page.md", pageURL: url, sectionLevel: 2,
            unsafeHTML: false, titleFromHeading: true, view: .list,
            links: LinkPolicy(pageURLs: pages, staticFiles: ["guide/images/d.svg", "files/z.zip"])))
        #expect(output.model.intro.contains("src=\"../images/d.svg\""))
        #expect(output.model.intro.contains("href=\"../../files/z.zip#x\""))
        #expect(output.model.intro.contains("href=\"nothing.png\""))
    }

    @Test func externalAndFragmentLinksAreKept() {
        let output = model("[a](https://example.com/x.md) [b](#top) [c](mailto:a@b.c)\n", pages: pages)
        #expect(output.model.intro.contains("href=\"https://example.com/x.md\""))
        #expect(output.model.intro.contains("href=\"#top\""))
        #expect(output.model.intro.contains("href=\"mailto:a@b.c\""))
    }

    @Test func linkToAMissingPageIsAWarningAtItsLine() {
        let output = model("Intro\n\nSee [x](nope.md).\n", pages: pages)
        #expect(output.diagnostics.map(\.severity) == [.warning])
        #expect(output.diagnostics.first?.line == 3)
        #expect(output.diagnostics.first?.message.contains("guide/nope.md") == true)
    }

    @Test func relativePathsBetweenPages() {
        #expect(SitePath.relative(from: "/a/b/", to: "/a/c/") == "../c/")
        #expect(SitePath.relative(from: "/", to: "/a/") == "a/")
        #expect(SitePath.relative(from: "/a/", to: "/") == "../")
        #expect(SitePath.relative(from: "/a/", to: "/a/") == "./")
        #expect(SitePath.relative(from: "/a/b/", to: "/assets/x.css") == "../../assets/x.css")
        #expect(SitePath.relative(from: "/a/", to: "/a/img.png") == "img.png")
    }

    @Test func pageURLsArePretty() {
        #expect(SitePath.pageURL(forSource: "a/b.md") == "/a/b/")
        #expect(SitePath.pageURL(forSource: "a/index.md") == "/a/")
        #expect(SitePath.pageURL(forSource: "index.md") == "/")
        #expect(SitePath.pageURL(forSource: "a/b.md", slug: "c") == "/a/c/")
    }
}
