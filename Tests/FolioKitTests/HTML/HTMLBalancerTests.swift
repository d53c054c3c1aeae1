import Testing

@testable import FolioKit

/// Raw HTML is kept within each piece of a page that Folio shows on its own: an element a README opens above a heading
/// and closes below it, or a stray end tag, closed the markup of Folio's views instead (found by a hostile tester).
@Suite struct HTMLBalancerTests {
    @Test func aCentredDivAroundAHeadingGoesOnInTheSectionAndItsEndTagClosesIt() {
        let output = model("<div align=\"center\">\n\n## Sponsors\n\nCentred.\n\n</div>\n\n## Install\n\nRun it.\n")
        #expect(output.model.intro == "<div align=\"center\">\n</div>")
        #expect(output.model.sections[0].html == "<div align=\"center\"><p>Centred.</p>\n</div>\n")
        #expect(output.model.sections[1].html == "<p>Run it.</p>\n")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }

    @Test func aDivLeftOpenGoesOnInEverySectionWithoutItsID() {
        let output = model("<div id=\"box\" align=\"right\">\n\n## One\n\n1\n\n## Two\n\n2\n")
        #expect(output.model.intro == "<div id=\"box\" align=\"right\">\n</div>")
        #expect(
            output.model.sections.map(\.html) == [
                "<div align=\"right\"><p>1</p>\n</div>", "<div align=\"right\"><p>2</p>\n</div>",
            ])
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }

    @Test func aStrayEndTagIsDropped() {
        let output = model(
            "## One\n\n<p align=\"center\"><img src=\"logo.png\" alt=\"Logo\"></p>\n</div>\n\n## Two\n\n2\n")
        #expect(output.model.sections[0].html == "<p align=\"center\"><img src=\"logo.png\" alt=\"Logo\"></p>\n\n")
        #expect(output.model.sections[0].rows[0].html == output.model.sections[0].html)
    }

    @Test func detailsAroundAHeadingEndBeforeItWithAWarningAtTheHeading() {
        let output = model(
            "Intro.\n\n<details>\n<summary>More</summary>\n\n## Hidden\n\nText.\n\n</details>\n\n## After\n\nA.\n")
        #expect(output.model.intro == "<p>Intro.</p>\n<details>\n<summary>More</summary>\n</details>")
        #expect(output.model.sections[0].html == "<p>Text.</p>\n\n", "its </details> dropped")
        #expect(
            output.diagnostics.map(\.description) == [
                "Content/guide/page.md:6:1: warning: raw HTML <details> opened above is still open at this heading: "
                    + "Folio shows each section on its own and closes it before the heading; close it above the heading"
            ])
    }

    @Test func aFormattingElementLeftOpenEndsWithItsSection() {
        // The parser brings an open <b> back in every later paragraph: the next section was bold.
        let output = model("## One\n\nSome <b>bold\n\nMore.\n\n## Two\n\nPlain.\n")
        #expect(output.model.sections[0].html == "<p>Some <b>bold</p>\n<p>More.</p>\n</b>")
        #expect(output.model.sections[1].html == "<p>Plain.</p>\n")
        #expect(output.model.sections[0].title == "One")
    }

    @Test func aHeadingAndARowAreBalancedOnTheirOwn() {
        let output = model("## Bold <b>start\n\n<div>\n\ntext\n")
        #expect(output.model.sections[0].title == "Bold <b>start</b>")
        #expect(output.model.sections[0].rows.map(\.html) == ["<div>\n</div>", "<p>text</p>\n"])
        #expect(output.model.sections[0].html == "<div>\n<p>text</p>\n</div>")
    }

    @Test func aTableLeftOpenIsClosed() {
        let output = model("## One\n\n<table><tr><td>cell\n\n## Two\n\n2\n")
        #expect(output.model.sections[0].html == "<table><tr><td>cell\n</td></tr></tbody></table>")
    }

    /// With `unsafeHTML` too; a script's text is text, whatever tags it shows.
    @Test func unsafeHTMLIsBalancedAndAScriptKeepsItsText() {
        let output = model(
            "## One\n\n<script>document.write(\"</div>\")</script>\n</div>\n\n## Two\n\n2\n", unsafeHTML: true)
        #expect(output.model.sections[0].html == "<script>document.write(\"</div>\")</script>\n\n")
    }

    @Test func balancedHTMLIsLeftAsItIs() {
        let markdown =
            "<p align=\"center\">\n<img src=\"logo.png\" alt=\"Logo\">\n</p>\n\n## One\n\n<details>\n<summary>S</summary>\n\n"
            + "Hidden.\n\n</details>\n\nText <kbd>Ctrl</kbd>.\n"
        let output = model(markdown)
        #expect(output.model.intro == "<p align=\"center\">\n<img src=\"logo.png\" alt=\"Logo\">\n</p>\n")
        #expect(
            output.model.sections[0].html
                == "<details>\n<summary>S</summary>\n<p>Hidden.</p>\n</details>\n<p>Text <kbd>Ctrl</kbd>.</p>\n")
    }

    /// Elements nested far past where browsers stop are left as they are, with a warning: the HTML parser takes time
    /// that grows with the square of the depth (100,000 unclosed `<div>` blocks took 30 s).
    @Test func aPieceNestedTooDeepIsLeftAsItIsWithAWarning() {
        let output = model(String(repeating: "<div>\n\n", count: HTMLBalancer.maxDepth + 1) + "## One\n\n1\n")
        #expect(output.model.intro.components(separatedBy: "</div>").count == 1)
        #expect(output.diagnostics.map(\.line) == [1])
        #expect(output.diagnostics.first?.message.contains("nests more than 4096 elements deep") == true)
    }

    /// One warning a heading for each kind of element closed before it.
    @Test func manyDivsLeftOpenGetOneWarning() {
        let output = model(String(repeating: "<div>\n\n", count: 600) + "## One\n\n1\n")
        #expect(
            output.diagnostics.map(\.message) == [
                "raw HTML <div> opened above is still open at this heading: Folio shows each section on its own and "
                    + "closes it before the heading; close it above the heading"
            ])
    }

    /// A page whose every section opens a `<div>` repeats at most `maxReopened` of them in each.
    @Test func onlySoManyDivsGoOnFromSectionToSection() {
        let markdown = (1...20).map { "<div>\n\n## S\($0)\n\ntext\n\n" }.joined()
        let output = model(markdown)
        let last = output.model.sections.last!.html
        #expect(last.hasPrefix(String(repeating: "<div>", count: HTMLBalancer.maxReopened) + "<p>text</p>"), "\(last)")
    }

    // Found by a hostile tester of the balancing.

    /// The parser reads a `<noscript>` as a browser without scripts does: a `<p>` in it ended it early, and its end
    /// tag, then a stray, was dropped — in a browser the rest of the page was the noscript's text.
    @Test func aNoscriptKeepsItsEndTag() {
        let output = model(
            "## A\n\n<noscript><p>Enable JavaScript.</noscript>\n\nText.\n\n## B\n\nB.\n", unsafeHTML: true)
        #expect(output.model.sections[0].html == "<p><noscript><p>Enable JavaScript.</noscript></p>\n<p>Text.</p>\n")
    }

    @Test func aTemplateLeftOpenIsClosedAndNamed() {
        let output = model("## A\n\n<template>\n<div>\n\nInert.\n\n## B\n\nB.\n", unsafeHTML: true)
        #expect(output.model.sections[0].html.hasSuffix("</div></template>"), "\(output.model.sections[0].html)")
        #expect(output.diagnostics.map(\.message).contains { $0.hasPrefix("raw HTML <template> opened above") })
    }

    /// `HTMLNesting` counts each `<b>` left open in a list item, which the parser closes at the item's end: 513 of them
    /// were taken for elements nested too deep, and the section was left as it was, its `<b>` bolding the page.
    @Test func formattingLeftOpenInManyItemsIsNotTooDeep() {
        let items = (1...513).map { "- item \($0) <b>new\n" }.joined()
        let output = model("## A\n\n" + items + "\n## B\n\nB.\n")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        // The parser keeps at most three of one formatting element to bring back: three end tags end them all.
        #expect(output.model.sections[0].html.hasSuffix("</li>\n</ul>\n</b></b></b>"))
    }

    /// The heading closes a `<p>` left open, in a browser as on GitHub: a README's opening `<p align="center">` got a
    /// warning.
    @Test func aParagraphLeftOpenAtAHeadingIsClosedWithoutAWarning() {
        let output = model("<p align=\"center\">\n  <img src=\"logo.png\" alt=\"logo\">\n\n## Install\n\nRun.\n")
        #expect(output.model.intro == "<p align=\"center\">\n  <img src=\"logo.png\" alt=\"logo\">\n</p>")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }
}
