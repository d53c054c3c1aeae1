import Testing

@testable import FolioKit

/// Heading ids against the ids GitHub gives the same headings (github-slugger's algorithm).
@Suite struct HeadingIDTests {
    @Test(arguments: [
        ("### `toolset.json` Files", "toolsetjson-files"),
        ("## Hello, World!", "hello-world"),
        ("## What's new in 2.0?", "whats-new-in-20"),
        ("## C++ & Objective-C", "c--objective-c"),
        ("## Step 1: Install", "step-1-install"),
        ("## foo_bar baz", "foo_bar-baz"),
        ("## API (v2)", "api-v2"),
        ("## `--strict` flag", "--strict-flag"),
        ("## Q&A", "qa"),
        ("## a.b.c", "abc"),
        ("## 1. Introduction", "1-introduction"),
        ("## Don't panic", "dont-panic"),
        ("## \"Quoted\" words", "quoted-words"),
        ("## [Folio](https://example.com) docs", "folio-docs"),
        ("## *Very* **important**", "very-important"),
        ("## 🚀 Getting started", "-getting-started"),
        ("## Emoji ✨ sparkle", "emoji--sparkle"),
        ("## Größe & Ümlaut", "größe--ümlaut"),
        ("## Déjà vu", "déjà-vu"),
        ("## Привет мир", "привет-мир"),
        ("## 日本語 テキスト", "日本語-テキスト"),
        ("## 中文（简体）", "中文简体"),
        ("## हिन्दी भाषा", "हिन्दी-भाषा"),
        ("## UPPER case", "upper-case"),
        // An image's alt text is not in the heading's text (the space after it is).
        ("## ![logo](logo.png) Image heading", "-image-heading"),
        ("## Icon ![i](i.png)", "icon"),
    ])
    func idsMatchGitHub(heading: String, id: String) {
        #expect(model(heading + "\n", sectionLevel: 3).model.sections.first?.id == id)
    }

    /// An escaped brace is text, as on GitHub: `## Literal \{#x}` was read as the id `x`.
    @Test func anEscapedBraceIsNoAttributeBlock() {
        let output = model("## Literal \\{#x}\n\nSetext \\{#y}\n---\n\n## Real {#z}\n")
        #expect(output.model.sections.map(\.id) == ["literal-x", "setext-y", "z"])
        #expect(output.model.sections.map(\.title) == ["Literal {#x}", "Setext {#y}", "Real"])
    }

    @Test func repeatsGetNumberedInDocumentOrder() {
        let output = model("## Setup\n\n## Setup\n\n## Setup-1\n\n## Setup\n")
        #expect(output.model.sections.map(\.id) == ["setup", "setup-1", "setup-1-1", "setup-2"])
    }

    @Test func customIDWinsAndGeneratedOnesAvoidIt() {
        let output = model("## Intro\n\n## Anything {#intro}\n\n## Intro\n")
        #expect(output.model.sections.map(\.id) == ["intro-1", "intro", "intro-2"])
    }

    @Test func aCustomIDChosenTwiceIsReportedAndTheSecondMadeUnique() {
        // Two tabs with one id: the second tab's control and a link to it would both find the first.
        let output = model("## One {#x}\n\na\n\n## X\n\n## Two {#x}\n\nb\n")
        #expect(output.model.sections.map(\.id) == ["x", "x-1", "x-2"])
        #expect(
            output.diagnostics.map(\.description) == [
                "Content/guide/page.md:7:8: warning: heading id 'x' is already the id of the heading on line 1: this one gets 'x-2'; "
                    + "give it an id of its own with {#…}"
            ])
        #expect(model("## One {#x}\n\n## Two {#y}\n").diagnostics.isEmpty)
    }

    @Test func idsFolioWritesItselfArePrefixed() {
        #expect(model("## Folio paged 1\n").model.sections[0].id == "user-content-folio-paged-1")
        #expect(model("## Main\n").model.sections[0].id == "user-content-main")
        #expect(model("## Folio search input\n").model.sections[0].id == "user-content-folio-search-input")
        #expect(model("## Folio docs\n").model.sections[0].id == "folio-docs")
    }

    @Test func aCustomIDFolioWritesItselfIsPrefixedWithAWarning() {
        // `{#main}` gave the heading the main element's id: the skip link led to the heading.
        let output = model("## Main {#main}\n\n## Paged {#folio-paged-1}\n\n## Fine {#mine}\n")
        #expect(output.model.sections.map(\.id) == ["user-content-main", "user-content-folio-paged-1", "mine"])
        #expect(
            output.diagnostics.map(\.description) == [
                "Content/guide/page.md:1:9: warning: heading id 'main' is one Folio writes itself on the page: "
                    + "this heading gets 'user-content-main'; choose another with {#…}",
                "Content/guide/page.md:3:10: warning: heading id 'folio-paged-1' is one Folio writes itself on the "
                    + "page: this heading gets 'user-content-folio-paged-1'; choose another with {#…}",
            ])
    }

    @Test func collisionWithTheSegmentedViewsListCopyIsReported() {
        let output = model("## S {view=segmented}\n\n### Options\n\n### All options\n")
        #expect(
            output.diagnostics.map(\.message) == [
                "heading id 'all-options' is also the segmented view's id for '#options' in its list; give this heading an id of its own with {#…}"
            ])
        #expect(model("## S\n\n### Options\n\n### All options\n").diagnostics.isEmpty)
    }

    @Test func headingOfOnlyPunctuationStillGetsAnID() {
        #expect(model("## ???\n").model.sections[0].id == "section")
    }

    @Test func anchorInAHeadingBecomesAnExtraTarget() {
        let output = model("## <a name=\"intro\">Introduction</a>\n\nText.\n")
        let section = output.model.sections[0]
        #expect(section.id == "introduction")
        #expect(section.anchors == ["intro"])
        #expect(section.title == "Introduction")
        #expect(output.diagnostics.isEmpty)
        let html = ViewRenderer.defaultHeading(level: 2, id: section.id, title: section.title, anchors: section.anchors)
        #expect(html == "<h2 id=\"introduction\"><a id=\"intro\"></a>Introduction</h2>\n")
    }

    @Test func anchorWithIDAndAfterTheTextAlsoCount() {
        let output = model("## Setup <a id=\"install\"></a>\n\n### <a name=\"down\"></a>Deep\n", sectionLevel: 2)
        #expect(output.model.sections[0].anchors == ["install"])
        #expect(output.model.sections[0].id == "setup")
        #expect(output.model.sections[0].sections[0].anchors == ["down"])
    }

    @Test func anchorInAnIntroHeadingIsWrittenToo() {
        let output = model("### <a name=\"first\">Early</a>\n\n## Later\n")
        #expect(output.model.intro == "<h3 id=\"early\"><a id=\"first\"></a>Early</h3>\n", "\(output.model.intro)")
    }

    @Test func anchorNamedLikeTheHeadingIsNotRepeated() {
        let output = model("## <a name=\"introduction\">Introduction</a>\n")
        #expect(output.model.sections[0].anchors.isEmpty)
    }

    @Test func linkInAHeadingStaysALink() {
        let output = model("## <a href=\"https://example.com\">Site</a>\n")
        #expect(output.model.sections[0].anchors.isEmpty)
        #expect(output.model.sections[0].title == "<a href=\"https://example.com\">Site</a>")
    }

    /// GitHub gives every heading an id, those in a list item or a block quote too: links to them were broken.
    @Test func headingsInAListItemOrABlockQuoteGetIDsInPageOrder() {
        let output = model(
            "## Setup\n\n- item\n\n  ### Setup\n\n> ## In a *quote*\n\n> [!NOTE]\n> ### Noted\n\n## Setup\n")
        #expect(output.model.sections.map(\.id) == ["setup", "setup-2"])
        let html = output.model.sections[0].html
        #expect(html.contains("<li>\n<p>item</p>\n<h3 id=\"setup-1\">Setup</h3>\n</li>"), "\(html)")
        #expect(html.contains("<blockquote>\n<h2 id=\"in-a-quote\">In a <em>quote</em></h2>\n</blockquote>"), "\(html)")
        #expect(html.contains("<h3 id=\"noted\">Noted</h3>"), "\(html)")
        #expect(output.model.sections[0].rows.map(\.text) == ["item Setup", "In a quote", "Noted"])
    }

    @Test func anAnchorInAHeadingInABlockQuoteIsWritten() {
        let html = model("> ### <a name=\"old\"></a>New name\n").model.intro
        #expect(html == "<blockquote>\n<h3 id=\"new-name\"><a id=\"old\"></a>New name</h3>\n</blockquote>\n")
    }
}
