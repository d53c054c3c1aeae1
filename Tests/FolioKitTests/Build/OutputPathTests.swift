import Testing

@testable import FolioKit

/// A page's URL, a site path and a file of the content folder each become one file of the output, one way.
@Suite struct OutputPathTests {
    @Test func aPageIsServedByTheIndexFileOfItsFolder() {
        #expect(OutputPath(page: "/").relative == "index.html")
        #expect(OutputPath(page: "/guide/").relative == "guide/index.html")
        #expect(OutputPath(page: "/guide/tabs/").relative == "guide/tabs/index.html")
        #expect(OutputPath(page: "/guide/tabs/").directory == "guide/tabs")
        #expect(OutputPath(page: "/").directory == "")
    }

    @Test func aSitePathLosesItsLeadingSlash() {
        #expect(OutputPath(sitePath: "/sitemap.xml").relative == "sitemap.xml")
        #expect(OutputPath(sitePath: "/models/guide/tabs.json").directory == "models/guide")
    }

    @Test func aFileIsFoundInsideAnyFolderLaidOutAsTheOutput() {
        let page = OutputPath(page: "/a/b/")
        #expect(page.inside("/site/Public") == "/site/Public/a/b/index.html")
        #expect(page.inside("/site/.Public.folio-staging-7") == "/site/.Public.folio-staging-7/a/b/index.html")
    }

    @Test func aStaticFileAndAPageAtTheSamePlaceAreTheSameOutputFile() {
        // What the read stage's collision check relies on: `a/index.html` in Content/ and `a.md` write one file.
        #expect(OutputPath("a/index.html") == OutputPath(page: "/a/"))
        #expect(Set([OutputPath("a/index.html"), OutputPath(page: "/a/")]).count == 1)
        #expect(OutputPath("b.html") < OutputPath("c.html"))
    }
}
