import Testing

@testable import FolioKit

@Suite struct GitHubAlertTests {
    @Test func noteBecomesGitHubsAlertMarkup() {
        let html = gfmHTML("> [!NOTE]\n> Read *this*.\n")
        #expect(
            html
                == "<div class=\"markdown-alert markdown-alert-note\">\n<p class=\"markdown-alert-title\">Note</p>\n<p>Read <em>this</em>.</p>\n</div>\n"
        )
    }

    @Test func everyKindHasItsTitle() {
        for (marker, title) in [
            ("TIP", "Tip"), ("important", "Important"), ("Warning", "Warning"), ("CAUTION", "Caution"),
        ] {
            let html = gfmHTML("> [!\(marker)]\n> text\n")
            #expect(
                html.contains(
                    "markdown-alert-\(marker.lowercased())\">\n<p class=\"markdown-alert-title\">\(title)</p>"))
        }
    }

    @Test func unknownMarkersAndMarkersNotAloneStayQuotes() {
        #expect(gfmHTML("> [!HINT]\n> text\n").hasPrefix("<blockquote>"))
        #expect(gfmHTML("> [!NOTE] text\n").hasPrefix("<blockquote>"))
        #expect(gfmHTML("> [!NOTE]\n").hasPrefix("<blockquote>"))
    }

    @Test func severalParagraphsStayInside() {
        let html = gfmHTML("> [!TIP]\n> one\n>\n> two\n\nafter\n")
        #expect(html.contains("<p>one</p>\n<p>two</p>\n</div>\n<p>after</p>"))
    }

    @Test func anAlertIsOneRow() {
        let output = model("## A\n\n> [!WARNING]\n> Mind the gap.\n>\n> Twice.\n")
        let rows = output.model.sections[0].rows
        #expect(rows.map(\.kind) == [.alert])
        #expect(rows[0].text == "Mind the gap. Twice.")
    }
}
