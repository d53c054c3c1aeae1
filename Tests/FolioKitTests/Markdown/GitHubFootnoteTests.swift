import Testing

@testable import FolioKit

@Suite struct GitHubFootnoteTests {
    @Test func referencesAndListInGitHubsMarkup() {
        let html = gfmHTML("Text[^1].\n\n[^1]: The *note*.\n")
        #expect(
            html == """
                <p>Text<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>.</p>
                <section class="footnotes" data-footnotes>
                <ol>
                <li id="fn-1">
                <p>The <em>note</em>. <a href="#fnref-1" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a></p>
                </li>
                </ol>
                </section>

                """)
    }

    @Test func numberedInOrderOfFirstReference() {
        let html = gfmHTML("A[^b] B[^a] C[^b]\n\n[^a]: first defined\n[^b]: second defined\n")
        #expect(html.contains("<a href=\"#fn-b\" id=\"fnref-b\" data-footnote-ref>1</a>"))
        #expect(html.contains("<a href=\"#fn-a\" id=\"fnref-a\" data-footnote-ref>2</a>"))
        #expect(html.contains("<a href=\"#fn-b\" id=\"fnref-b-2\" data-footnote-ref>1</a>"))
        #expect(html.range(of: "id=\"fn-b\"")!.lowerBound < html.range(of: "id=\"fn-a\"")!.lowerBound)
        #expect(html.contains("aria-label=\"Back to reference 1-2\">↩<sup class=\"footnote-ref\">2</sup></a>"))
    }

    @Test func definitionsWithSeveralBlocks() {
        let html = gfmHTML("x[^n]\n\n[^n]: First.\n\n    > Quoted.\n\n        code\n\n    Last.\n")
        #expect(
            html.contains(
                "<li id=\"fn-n\">\n<p>First.</p>\n<blockquote>\n<p>Quoted.</p>\n</blockquote>\n<pre tabindex=\"0\"><code>code\n</code></pre>\n<p>Last. <a href=\"#fnref-n\""
            ))
    }

    @Test func oneWordNoteIsNotALinkDefinition() {
        let html = gfmHTML("x[^w]\n\n[^w]: Word.\n")
        #expect(html.contains("<p>Word. <a href=\"#fnref-w\""))
    }

    @Test func undefinedAndUnusedNotesAreLeftAsGitHubLeavesThem() {
        let html = gfmHTML("x[^none]\n\n[^unused]: Not shown.\n")
        #expect(html == "<p>x[^none]</p>\n")
    }

    @Test func definitionsInCodeStayCode() {
        let html = gfmHTML("```\n[^1]: not a note\n```\n")
        #expect(html.contains("[^1]: not a note"))
    }

    @Test func notesGoAtTheEndOfTheSectionThatRefersToThem() {
        let output = model(
            "## One\n\nA[^a].\n\n### Sub\n\nB[^b].\n\n## Two\n\nC[^a].\n\n[^a]: Note a.\n[^b]: Note b.\n")
        let one = output.model.sections[0]
        #expect(one.rows.map(\.kind) == [.paragraph, .footnotes])
        #expect(one.rows[1].text == "Note a.")
        #expect(one.sections[0].rows.map(\.kind) == [.paragraph, .footnotes])
        #expect(one.sections[0].rows[1].html.contains("<ol start=\"2\">"))
        #expect(output.model.sections[1].rows.map(\.kind) == [.paragraph])
    }

    @Test func headingIdsAvoidFootnoteIds() {
        let output = model("## Fn 1\n\nx[^1]\n\n[^1]: n\n")
        #expect(output.model.sections[0].id != "fn-1")
    }

    /// The GFM spec's footnote example, in our words, against cmark-gfm's current markup.
    @Test func theSpecExample() {
        let markdown = """
            Some words![^1]. More words.[^long].

            Here's one[^other-note].

            And one more[^code-note].

            This one has no note[^missing].


            [^other-note]:       leading spaces are dropped, no code block

            [^code-note]:
                    a code block (eight spaces in)

            [^1]: A note in *emphasis*.

            Hello!

            [^long]:
                > A quote inside a note.

                    and code

                and a plain paragraph.

            [^spare]: Never referred to.

            """
        let expected = """
            <p>Some words!<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>. More words.<sup class="footnote-ref"><a href="#fn-long" id="fnref-long" data-footnote-ref>2</a></sup>.</p>
            <p>Here’s one<sup class="footnote-ref"><a href="#fn-other-note" id="fnref-other-note" data-footnote-ref>3</a></sup>.</p>
            <p>And one more<sup class="footnote-ref"><a href="#fn-code-note" id="fnref-code-note" data-footnote-ref>4</a></sup>.</p>
            <p>This one has no note[^missing].</p>
            <p>Hello!</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-1">
            <p>A note in <em>emphasis</em>. <a href="#fnref-1" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a></p>
            </li>
            <li id="fn-long">
            <blockquote>
            <p>A quote inside a note.</p>
            </blockquote>
            <pre><code>and code
            </code></pre>
            <p>and a plain paragraph. <a href="#fnref-long" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="2" aria-label="Back to reference 2">↩</a></p>
            </li>
            <li id="fn-other-note">
            <p>leading spaces are dropped, no code block <a href="#fnref-other-note" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="3" aria-label="Back to reference 3">↩</a></p>
            </li>
            <li id="fn-code-note">
            <pre><code>a code block (eight spaces in)
            </code></pre>
            <a href="#fnref-code-note" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="4" aria-label="Back to reference 4">↩</a>
            </li>
            </ol>
            </section>
            """
        #expect(OracleNormalisation.apply(gfmHTML(markdown)) == OracleNormalisation.apply(expected))
    }
}
