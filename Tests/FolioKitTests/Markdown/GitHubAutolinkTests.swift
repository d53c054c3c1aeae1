import Testing

@testable import FolioKit

@Suite struct GitHubAutolinkTests {
    @Test func wwwGetsHTTP() {
        #expect(
            gfmHTML("Go to www.example.com now\n")
                == "<p>Go to <a href=\"http://www.example.com\">www.example.com</a> now</p>\n")
    }

    @Test func schemesLink() {
        #expect(
            gfmHTML("https://example.com/a?b=c\n")
                == "<p><a href=\"https://example.com/a?b=c\">https://example.com/a?b=c</a></p>\n")
    }

    @Test func emailsGetMailto() {
        #expect(
            gfmHTML("write to me@example.org.\n")
                == "<p>write to <a href=\"mailto:me@example.org\">me@example.org</a>.</p>\n")
    }

    @Test func trailingPunctuationIsLeftOut() {
        #expect(gfmHTML("see http://example.com/x.\n").contains(">http://example.com/x</a>.</p>"))
        #expect(gfmHTML("(see http://example.com/x)\n").contains(">http://example.com/x</a>)</p>"))
        #expect(gfmHTML("http://example.com/a_(b)\n").contains(">http://example.com/a_(b)</a>"))
    }

    @Test func smartQuotesAroundAnAddressStayOutside() {
        #expect(
            gfmHTML("\"https://example.com\"\n") == "<p>“<a href=\"https://example.com\">https://example.com</a>”</p>\n"
        )
    }

    @Test func notInsideLinksOrCode() {
        let html = gfmHTML("[www.example.com](https://a.example) `www.example.com`\n")
        #expect(html == "<p><a href=\"https://a.example\">www.example.com</a> <code>www.example.com</code></p>\n")
    }

    @Test func underscoreInTheLastTwoDomainPartsIsNoDomain() {
        #expect(gfmHTML("www.exa_mple.com\n") == "<p>www.exa_mple.com</p>\n")
    }
}
