import Foundation
import Testing

/// Pages and files whose names a URL must percent-encode (`c#.md`, `what?.md`, `100%.md`, `my notes.md`): every
/// link to them leads to them, and GitHub-style encoded links (`my%20notes.md`) find them.
@Suite struct EncodedURLTests {
    static let notes = """
        # My notes

        [C sharp](c%23.md), [what](what%3F.md#why), [percent](100%25.md), [itself](<my notes.md>),
        [site path](/c%23/), [colon](javascript%3Aalert(1).md) and ![a picture](pic%201.svg).

        ## Setup

        Steps.
        """

    static func site() throws -> ScratchSite {
        let scratch = try ScratchSite(nil)
        try scratch.write(
            "Content/site.yml",
            "title: Names\nbaseURL: https://example.org/docs/\nnav:\n  - title: Notes\n    url: /my%20notes/#setup\n"
        )
        try scratch.write("Content/c#.md", "# C sharp\n\nSharp.\n")
        try scratch.write("Content/what?.md", "# What\n\nWhat.\n\n## Why\n\nBecause.\n")
        try scratch.write("Content/100%.md", "# Percent\n\nAll of it.\n")
        try scratch.write("Content/javascript:alert(1).md", "# Colon\n\nNo scheme.\n")
        try scratch.write("Content/my notes.md", notes)
        try scratch.write("Content/pic 1.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
        return scratch
    }

    /// Where a browser on the page at `pageURL` goes for `href`: the site path (decoded) and the fragment.
    static func follow(_ href: String, from pageURL: String) throws -> (path: String, fragment: String?) {
        let base = try #require(URL(string: "http://site.invalid" + pageURL), "page URL \(pageURL) is no URL")
        let url = try #require(URL(string: href, relativeTo: base)?.absoluteURL, "href \(href) is no URL")
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        return (components.path, components.fragment)
    }

    /// The `href` (or `src`) of the element whose text (or `alt`) is `text`.
    static func link(_ text: String, in html: String) throws -> String {
        let pattern = #"<a [^>]*href="([^"]*)"[^>]*>\#(text)</a>|<img [^>]*src="([^"]*)"[^>]*alt="\#(text)""#
        let regex = try NSRegularExpression(pattern: pattern)
        let match = try #require(regex.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)), "\(text)")
        let group = match.range(at: 1).location != NSNotFound ? 1 : 2
        return HTML.decodeEntities(String(html[Range(match.range(at: group), in: html)!]))
    }

    @Test func linksToPagesWhoseNamesAURLEncodesLeadToThem() throws {
        let scratch = try Self.site()
        let run = try scratch.build(buildArguments + ["--strict"])
        #expect(run.status == 0, "every link resolves, so --strict passes:\n\(run)")
        let html = try Tree.text(scratch.url("Public/my notes/index.html"))
        let expected: [(text: String, href: String, path: String, fragment: String?)] = [
            ("C sharp", "../c%23/", "/c#/", nil),
            ("what", "../what%3F/#why", "/what?/", "why"),
            ("percent", "../100%25/", "/100%/", nil),
            ("itself", "./", "/my notes/", nil),
            ("site path", "../c%23/", "/c#/", nil),
            ("colon", "../javascript:alert(1)/", "/javascript:alert(1)/", nil),
            ("a picture", "../pic%201.svg", "/pic 1.svg", nil),
        ]
        for link in expected {
            let href = try Self.link(link.text, in: html)
            #expect(href == link.href, "\(link.text)")
            let followed = try Self.follow(href, from: "/my%20notes/")
            #expect(followed.path == link.path && followed.fragment == link.fragment, "\(link.text): \(followed)")
            let file = followed.path.hasSuffix("/") ? followed.path + "index.html" : followed.path
            #expect(Tree.exists(scratch.url("Public" + file)), "\(link.text) leads to \(file)")
        }
        // The site's `nav`, written encoded, and the sidebar, written by Folio, lead to the same pages.
        #expect(html.contains(#"href="./#setup""#), "the nav entry, from its own page")
        let notFound = try Tree.text(scratch.url("Public/404.html"))
        #expect(notFound.contains(#"href="/docs/my%20notes/#setup""#), "and from the 404 page, served at any depth")
        let home = try Tree.text(scratch.url("Public/index.html"))
        // From the home page, a first segment with a colon would be a scheme (`javascript:alert(1)/` a script).
        #expect(home.contains(#"href="./javascript:alert(1)/""#) && !home.contains(#"href="javascript:"#), "\(home)")
        for (title, href) in [
            ("C sharp", "c%23/"), ("What", "what%3F/"), ("Percent", "100%25/"), ("My notes", "my%20notes/"),
        ] {
            #expect(home.contains("href=\"\(href)\""), "the home page links to \(title) at \(href)")
            #expect(!home.contains("href=\"\(href.removingPercentEncoding!)\""), "\(title) unencoded")
        }
    }

    /// Without `nav:` the header lists the top level: it linked `c#.md` as `href="c#/"` (the home page, with a
    /// fragment) and `what?.md` as a query, while the sidebar beside it was right.
    @Test func theHeadersOwnLinksAreEncodedToo() throws {
        let scratch = try Self.site()
        try scratch.write("Content/site.yml", "title: Names\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let html = try Tree.text(scratch.url("Public/c#/index.html"))
        let header = HTML.attributeValues(
            "href", in: String(html[html.range(of: "folio-nav")!.lowerBound...].prefix(2000)))
        for href in ["./", "../what%3F/", "../100%25/", "../my%20notes/"] {
            #expect(header.contains(href), "\(href) in the header: \(header)")
        }
        #expect(!header.contains { $0.contains("#/") || $0.contains("?/") }, "\(header)")
        #expect(
            html.contains(#"class="folio-nav__link" href="./" aria-current="page">C sharp"#), "its own entry is current"
        )
    }

    /// A link written with the name raw (`what?.md` is the page `what` and a query) is broken, and its "did you
    /// mean" is written as it must be: it suggested `/what?/`, the same query again.
    @Test func aBrokenLinksSuggestionIsEncoded() throws {
        let scratch = try Self.site()
        try scratch.write("Content/index.md", "# Home\n\n[what](<what?.md>)\n")
        let run = try scratch.build(["check", "--content", "Content", "--output", "Public"])
        let warnings = Diagnostic.parse(run.stderr).filter { $0.path == "Content/index.md" }
        #expect(
            warnings.contains {
                $0.message == "broken link 'what?.md': the site has no page or file /what; did you mean '/what%3F/'?"
            }, "\(run.stderr)")
    }

    @Test func feedsSitemapAndSearchIndexCarryTheEncodedURLs() throws {
        let scratch = try Self.site()
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let sitemap = try Tree.text(scratch.url("Public/sitemap.xml"))
        for url in ["c%23/", "what%3F/", "100%25/", "my%20notes/"] {
            #expect(
                sitemap.contains("<loc>https://example.org/docs/\(url)</loc>"), "\(url) in the sitemap:\n\(sitemap)")
        }
        let page = try Tree.text(scratch.url("Public/c#/index.html"))
        #expect(page.contains(#"<link rel="canonical" href="https://example.org/docs/c%23/">"#), "canonical link")
        let records = try FileManager.default.contentsOfDirectory(atPath: scratch.url("Public/search/r").path)
        let texts = try records.map { try Tree.text(scratch.url("Public/search/r/" + $0)) }.joined()
        for url in ["c%23/", "what%3F/", "100%25/", "my%20notes/"] {
            #expect(texts.contains("[\"\(url)\","), "the search index opens \(url)")
        }
    }

    /// A page file named decomposed (as macOS writes names) and links to it written composed, in a page and in
    /// site.yml's nav: both find it, and both name it by the bytes its folder in the output has, the only ones a
    /// Linux server serves it by.
    @Test func linksWrittenComposedToAPageNamedDecomposedNameItsOwnBytes() throws {
        let decomposed = "r\u{65}\u{301}sum\u{65}\u{301}"
        let composed = "r\u{e9}sum\u{e9}"
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/site.yml", "title: CV\nnav:\n  - title: CV\n    url: /\(composed)/\n")
        try scratch.write("Content/index.md", "# Home\n\nMy [CV](/\(composed)/#work).\n")
        try scratch.write("Content/\(decomposed).md", "# CV\n\n## Work\n\nSome.\n")
        let run = try scratch.build(buildArguments + ["--strict"])
        #expect(run.status == 0, "\(run)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url("Public").path)
        #expect(names.contains { Array($0.utf8) == Array(decomposed.utf8) }, "the page's folder: \(names)")
        // The hrefs decoded (cmark percent-encodes a link's non-ASCII bytes; the nav's are written as they are),
        // compared by bytes: Swift's `==` takes the two spellings as equal.
        let html = String(decoding: try Data(contentsOf: scratch.url("Public/index.html")), as: UTF8.self)
        let hrefs = try NSRegularExpression(pattern: #"href="([^"]*sum[^"]*)""#)
            .matches(in: html, range: NSRange(html.startIndex..., in: html))
            .map { Array((String(html[Range($0.range(at: 1), in: html)!]).removingPercentEncoding ?? "").utf8) }
        let wanted = [Array("\(decomposed)/".utf8), Array("\(decomposed)/#work".utf8)]
        #expect(
            Set(hrefs) == Set(wanted),
            "\(hrefs.map { String(decoding: $0, as: UTF8.self).unicodeScalars.map(\.value) })")
        #expect(hrefs.count >= 2, "the nav's link and the page's")
    }
}
