import Testing

@testable import FolioKit

/// Site and content paths, as every link and every output file uses them.
@Suite struct SitePathTests {
    @Test func theDirectoryOfAPathIsEverythingBeforeItsLastSlash() {
        #expect(SitePath.directory(of: "guide/setup.md") == "guide")
        #expect(SitePath.directory(of: "a/b/c.md") == "a/b")
        #expect(SitePath.directory(of: "index.md") == "")
        #expect(SitePath.directory(of: "") == "")
        #expect(SitePath.directory(of: "/top") == "")
        #expect(SitePath.directory(of: "Résumé/naïve/café.md") == "Résumé/naïve", "non-ASCII names")
        #expect(SitePath.directory(of: "e\u{301}/x.md") == "e\u{301}", "a combining accent just before the slash")
        #expect(
            SitePath.directory(of: "a/\u{301}x.md") == "a", "and just after it: the slash is a byte, not a character")
    }

    @Test func aLinkBesideThePageJoinsItsDirectory() {
        #expect(SitePath.join(directory: SitePath.directory(of: "guide/page.md"), "../images/x.png") == "images/x.png")
        #expect(SitePath.join(directory: SitePath.directory(of: "über/seite.md"), "bild.png") == "über/bild.png")
        #expect(SitePath.join(directory: "a/b", "../../..") == "", "never above the root")
        #expect(SitePath.join(directory: "a", "b/../c") == "a/c")
        #expect(SitePath.join(directory: "", "../x") == "x")
        #expect(SitePath.join(directory: "a/bb", "../c/./d/..//e") == "a/c/e")
        #expect(SitePath.join(directory: "", "") == "")
        #expect(SitePath.join(directory: "a", "...") == "a/...", "three dots are a name")
    }
}
