import Testing

@testable import FolioKit

/// What the model stage made of some Markdown, with what it reported.
struct Modelled {
    var model: TableModel
    var headingTitle: String?
    var links: [PageLink]
    var diagnostics: Diagnostics
}

func model(
    _ markdown: String, sectionLevel: Int = 2, unsafeHTML: Bool = false, titleFromHeading: Bool = true,
    source: String = "guide/page.md", pages: [String: String] = [:], staticFiles: Set<String> = []
) -> Modelled {
    let url = SitePath.pageURL(forSource: source)
    var diagnostics = Diagnostics()
    let output = ModelBuilder.build(
        .init(
            markdown: markdown, lineOffset: 0, sourcePath: source, displayPath: "Content/" + source, pageURL: url,
            sectionLevel: sectionLevel, unsafeHTML: unsafeHTML, titleFromHeading: titleFromHeading, view: .list,
            links: LinkPolicy(pageURLs: pages.isEmpty ? [source: url] : pages, staticFiles: staticFiles)),
        diagnostics: &diagnostics)
    return Modelled(
        model: output.model, headingTitle: output.headingTitle, links: output.links, diagnostics: diagnostics)
}

@Suite struct ModelBuilderTests {
    @Test func sectionsSplitAtLevelTwoWithIntroBefore() {
        let output = model("Intro text.\n\n## One\n\nFirst.\n\n## Two\n\nSecond.\n")
        #expect(output.model.intro == "<p>Intro text.</p>\n")
        #expect(output.model.sections.map(\.text) == ["One", "Two"])
        #expect(output.model.sections[0].rows.map(\.text) == ["First."])
        #expect(output.model.sections[1].html == "<p>Second.</p>\n")
    }

    @Test func sectionsSplitAtLevelThreeWhenAsked() {
        let output = model("## Part\n\n### A\n\na\n\n### B\n\nb\n", sectionLevel: 3)
        #expect(output.model.sections.map(\.text) == ["Part", "A", "B"])
        #expect(output.model.sections.map(\.level) == [2, 3, 3])
    }

    @Test func subsectionsNestRecursively() {
        let output = model("## A\n\na\n\n### A1\n\n#### A1x\n\ndeep\n\n### A2\n\n## B\n")
        let a = output.model.sections[0]
        #expect(a.sections.map(\.text) == ["A1", "A2"])
        #expect(a.sections[0].sections.map(\.text) == ["A1x"])
        #expect(a.sections[0].sections[0].rows.map(\.text) == ["deep"])
        #expect(output.model.sections.map(\.text) == ["A", "B"])
    }

    @Test func topLevelListGivesOneRowPerItem() {
        let output = model("## Words\n\n- Lorem\n- Ipsum *dolor*\n- Sit\n")
        let rows = output.model.sections[0].rows
        #expect(rows.map(\.text) == ["Lorem", "Ipsum dolor", "Sit"])
        #expect(rows.map(\.kind) == [.listItem, .listItem, .listItem])
        #expect(rows[1].html == "Ipsum <em>dolor</em>")
        #expect(
            output.model.sections[0].html
                == "<ul>\n<li>Lorem</li>\n<li>Ipsum <em>dolor</em></li>\n<li>Sit</li>\n</ul>\n")
    }

    @Test func orderedListKeepsItsStart() {
        let output = model("## Steps\n\n3. c\n4. d\n")
        #expect(output.model.sections[0].html.hasPrefix("<ol start=\"3\">\n<li>c</li>"))
    }

    @Test func rowsOfEveryBlockKind() {
        let output = model("## S\n\nPara\n\n```swift\nlet x = 1\n```\n\n> quoted\n\n---\n")
        let rows = output.model.sections[0].rows
        #expect(rows.map(\.kind) == [.paragraph, .code, .quote, .thematicBreak])
        #expect(
            rows[1].html
                == "<pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"hljs-keyword\">let</span> x = <span class=\"hljs-number\">1</span>\n</code></pre>\n"
        )
        #expect(rows[1].text == "let x = 1")
        #expect(rows[2].text == "quoted")
    }

    @Test func titleComesFromTheFirstLevelOneHeadingAndIsNotRepeated() {
        let output = model("# Hello *World*\n\nIntro.\n\n## A\n")
        #expect(output.headingTitle == "Hello World")
        #expect(!output.model.intro.contains("Hello"))
    }

    @Test func levelOneHeadingStaysWhenFrontMatterHasATitle() {
        let output = model("# Hello\n\nIntro.\n", titleFromHeading: false)
        #expect(output.headingTitle == nil)
        #expect(output.model.sections.map(\.text) == ["Hello"])
    }

    @Test func smartPunctuation() {
        let output = model("## \"Quotes\" -- and...\n")
        #expect(output.model.sections[0].text == "\u{201C}Quotes\u{201D} \u{2013} and\u{2026}")
    }

    @Test func everyHeadingGetsAUniqueID() {
        let output = model("## Setup\n\n### Notes\n\n## Setup\n\n### Notes\n\n## Größe & Ümlaut\n\n## 日本語 テキスト\n")
        let ids = output.model.sections.flatMap { [$0.id] + $0.sections.map(\.id) }
        #expect(ids == ["setup", "notes", "setup-1", "notes-1", "größe--ümlaut", "日本語-テキスト"])
    }

    @Test func customIDIsUsedAndHidden() {
        let output = model("## Install it {#install}\n\n## Install\n")
        #expect(output.model.sections[0].id == "install")
        #expect(output.model.sections[0].text == "Install it")
        #expect(output.model.sections[0].title == "Install it")
        #expect(output.model.sections[1].id == "install-1")
    }

    @Test func viewAttributeIsRecordedOnTheSection() {
        let output = model("## Gallery {view=paged}\n\n### A\n\n### B\n")
        #expect(output.model.sections[0].view == ViewSpec([.paged]))
        #expect(output.model.sections[0].title == "Gallery")
    }

    /// A nesting as the guide writes it, with spaces around `>`, was read as no attributes at all: the heading kept
    /// `{view=tabs > paged}` in its title and the section stayed a list.
    @Test(arguments: ["tabs > paged", "tabs>paged", "tabs >paged", "tabs> paged", "\"tabs > paged\" #h"])
    func aNestedViewAttributeIsReadWithOrWithoutSpaces(written: String) {
        let output = model("## Handbook {view=\(written)}\n\n### Swift\n\n#### Values\n\n#### Types\n")
        #expect(output.model.sections[0].view == ViewSpec([.tabs, .paged]), "\(output.diagnostics.all)")
        #expect(output.model.sections[0].title == "Handbook")
        #expect(output.diagnostics.isEmpty)
    }

    @Test func unknownViewAttributeIsAnErrorAtTheBrace() {
        let output = model("Intro\n\n## Gallery {view=carousel}\n")
        #expect(output.diagnostics.count == 1)
        #expect(output.diagnostics[0].severity == .error)
        #expect(output.diagnostics[0].line == 3)
        #expect(output.diagnostics[0].column == 12)
    }

    @Test func bracesThatAreNotAttributesStayInTheTitle() {
        let output = model("## Sets {a, b}\n")
        #expect(output.model.sections[0].text == "Sets {a, b}")
    }

    @Test func headingsInTheIntroDeeperThanTheSectionLevelGetIDs() {
        let output = model("### Note\n\ntext\n\n## A\n")
        #expect(output.model.intro.hasPrefix("<h3 id=\"note\">Note</h3>"))
    }
}
