import Testing

@testable import FolioKit

/// The page's HTML for Markdown without section headings.
func gfmHTML(_ markdown: String) -> String {
    let output = model(markdown, titleFromHeading: false)
    return output.model.intro + output.model.sections.map(\.html).joined()
}

/// Occurrences of a string.
enum HTMLCount {
    static func of(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}

@Suite struct GitHubTableTests {
    @Test func pipeTableBecomesATableInAScrollingBox() {
        let html = gfmHTML("| a | b |\n| --- | --- |\n| 1 | 2 |\n")
        #expect(
            html.hasPrefix(
                "<div class=\"table-scroll\" tabindex=\"0\">\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>"
            ))
        #expect(html.hasSuffix("</table>\n</div>\n"))
    }

    @Test func aTableStopsAddingEmptyCellsPastCmarkGFMsLimit() {
        // 1,000 columns over 1,000 one-cell lines would add 999,000 empty cells; 0x80000 of them are 524 rows.
        let columns = 1_000
        let markdown =
            "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
            + (1...1_000).map { "row \($0)\n" }.joined()
        let html = gfmHTML(markdown)
        #expect(HTMLCount.of("<tr>", in: html) == 1 + 524)
        #expect(html.contains("<td>row 524</td>") && !html.contains("<td>row 525</td>"))
        #expect(html.contains("</table>\n</div>\n<p>row 525\nrow 526\n"), "the rest is text, as on GitHub")
    }

    @Test func delimiterColonsAlignColumns() {
        let html = gfmHTML("x | y | z\n:-- | :-: | --:\n1 | 2 | 3\n")
        #expect(html.contains("<th align=\"left\">x</th>\n<th align=\"center\">y</th>\n<th align=\"right\">z</th>"))
        #expect(html.contains("<td align=\"left\">1</td>\n<td align=\"center\">2</td>\n<td align=\"right\">3</td>"))
    }

    @Test func smartPunctuationNeverTouchesTheDelimiterRow() {
        let html = gfmHTML("a|b\n---|---\n\"c\"|d--e\n")
        #expect(html.contains("<th>a</th>"))
        #expect(html.contains("<td>“c”</td>\n<td>d–e</td>"))
        #expect(!html.contains("—"))
    }

    @Test func shortRowsArePaddedAndLongRowsCut() {
        let html = gfmHTML("| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |\n")
        #expect(html.contains("<tr>\n<td>1</td>\n<td></td>\n</tr>"))
        #expect(!html.contains("<td>3</td>"))
    }

    @Test func escapedPipesStayInTheirCellAndCode() {
        let html = gfmHTML("| a | b |\n| - | - |\n| x \\| y | `p\\|q` |\n")
        #expect(html.contains("<td>x | y</td>\n<td><code>p|q</code></td>"))
    }

    /// A backslash escapes only a pipe: `x\\|y` is one cell, `x|y`, as cmark-gfm makes it (it was `x\` and `y`), and a
    /// backslash before another character stays.
    @Test func aBackslashBeforeAnEscapedPipeStaysInTheCell() {
        let html = gfmHTML("| a | b |\n| - | - |\n| x\\\\|y | z\\w |\n")
        #expect(html.contains("<td>x|y</td>\n<td>z\\w</td>"), "\(html)")
    }

    @Test func tableRightAfterAParagraphLine() {
        let html = gfmHTML("Intro line\n| a |\n| - |\n| b |\n")
        #expect(html.hasPrefix("<p>Intro line</p>\n<div class=\"table-scroll\""))
        #expect(html.contains("<td>b</td>"))
    }

    @Test func headerAndDelimiterMustHaveAsManyCells() {
        #expect(gfmHTML("| a | b |\n| - |\n").hasPrefix("<p>"))
    }

    @Test func inlineMarkdownAndReferenceLinksInCells() {
        let html = gfmHTML("| *a* | [ref] |\n| - | - |\n\n[ref]: https://example.org\n")
        #expect(html.contains("<th><em>a</em></th>\n<th><a href=\"https://example.org\">ref</a></th>"))
    }

    @Test func cellsThatLookLikeBlocksStayText() {
        let html = gfmHTML("| a | b |\n| - | - |\n| - item | # title |\n")
        #expect(html.contains("<td>- item</td>\n<td># title</td>"))
    }

    @Test func tableInsideABlockQuote() {
        let html = gfmHTML("> | a |\n> | - |\n> | b |\n")
        #expect(html.hasPrefix("<blockquote>\n<div class=\"table-scroll\""))
    }

    @Test func aTableIsOneRowWithItsCellsAsText() {
        let output = model("## T\n\n| a | b |\n| - | - |\n| 1 | *2* |\n\nafter\n")
        let rows = output.model.sections[0].rows
        #expect(rows.map(\.kind) == [.table, .paragraph])
        #expect(rows[0].text == "a b 1 2")
        #expect(rows[0].html.contains("<em>2</em>"))
    }

    @Test func linksInCellsGoThroughTheLinkPolicy() {
        let output = model(
            "| a |\n| - |\n| [x](other.md) |\n", titleFromHeading: false,
            pages: ["guide/page.md": "/guide/page/", "guide/other.md": "/guide/other/"])
        #expect(output.model.intro.contains("href=\"../other/\""))
    }
}
