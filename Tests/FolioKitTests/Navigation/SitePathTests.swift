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

    @Test func aPathInAURLHasTheBytesAURLCannotHoldPercentEncoded() {
        #expect(SitePath.encoded("/c#/") == "/c%23/")
        #expect(SitePath.encoded("/what?/my notes/100%/") == "/what%3F/my%20notes/100%25/")
        #expect(SitePath.encoded("/a\"b<c>d`e{f|g}h^i[j]k\\l/") == "/a%22b%3Cc%3Ed%60e%7Bf%7Cg%7Dh%5Ei%5Bj%5Dk%5Cl/")
        #expect(SitePath.encoded("/tab\tnew\u{7F}/") == "/tab%09new%7F/", "controls")
        #expect(
            SitePath.encoded("/über/c++/a-b_c.d~e!$&'()*+,;=:@/") == "/über/c++/a-b_c.d~e!$&'()*+,;=:@/", "kept as is")
        #expect(SitePath.relative(from: "/my notes/", to: "/c#/x?/") == "../c%23/x%3F/")
        #expect(SitePath.relative(from: "/", to: "/javascript:alert(1)/") == "./javascript:alert(1)/", "no scheme")
        #expect(SitePath.relative(from: "/a/", to: "/a/c:x/") == "./c:x/")
        #expect(SitePath.relative(from: "/a/", to: "/c:x/") == "../c:x/")
        #expect(
            SitePath.relative(from: "/c#/", to: "/c#/a b.png") == "a%20b.png", "a shared segment is compared decoded")
    }

    @Test func aPathAsAuthorsWriteItInALinkIsDecodedToTheFileItNames() {
        #expect(SitePath.decoded("my%20notes.md") == "my notes.md")
        #expect(SitePath.decoded("c%23.md") == "c#.md")
        #expect(SitePath.decoded("100%.md") == "100%.md", "no valid encoding: as written")
        #expect(SitePath.decoded("plain/path.md") == "plain/path.md")
    }
}
