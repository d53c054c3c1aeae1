import Testing

@testable import FolioKit

@Suite struct FrontMatterParserTests {
    func parse(_ page: String) -> (FrontMatter, Diagnostics, FrontMatterParser.Split) {
        var diagnostics = Diagnostics()
        let split = FrontMatterParser.split(page, path: "p.md", diagnostics: &diagnostics)
        let front =
            split.yaml.map { FrontMatterParser.parse($0, path: "p.md", diagnostics: &diagnostics) } ?? FrontMatter()
        return (front, diagnostics, split)
    }

    @Test func everyKnownKeyIsTyped() {
        let (front, diagnostics, split) = parse(
            """
            ---
            title: Hello
            date: 2024-05-01
            draft: true
            layout: wide
            view: tabs > paged
            sectionLevel: 3
            segments: [Cards, Everything]
            transition: fade
            tabGroup: platform
            container: Gallery
            description: About
            tags: [a, b]
            weight: 4
            slug: hi
            mood: sunny
            ---
            Body

            """)
        #expect(diagnostics.isEmpty)
        #expect(front.title == "Hello")
        #expect(front.date == "2024-05-01")
        #expect(front.draft)
        #expect(front.layout == "wide")
        #expect(front.view == ViewSpec([.tabs, .paged]))
        #expect(front.sectionLevel == 3)
        #expect(front.segments == ["Cards", "Everything"])
        #expect(front.transition == .fade)
        #expect(front.tabGroup == "platform")
        #expect(front.container == "Gallery")
        #expect(front.tags == ["a", "b"])
        #expect(front.weight == 4)
        #expect(front.slug == "hi")
        #expect(front.params.map(\.key) == ["mood"])
        #expect(split.body == "Body\n")
        #expect(split.bodyLineOffset == 17)
    }

    @Test(arguments: [
        ("draft: maybe", 2, 8), ("view: carousel", 2, 7), ("sectionLevel: 9", 2, 15), ("transition: spin", 2, 13),
        ("segments: [One]", 2, 11), ("date: yesterday", 2, 7), ("weight: heavy", 2, 9), ("tags: {a: b}", 2, 7),
        ("appearance: blue", 2, 13), ("slug: a/b", 2, 7),
    ])
    func aWrongTypeIsReportedAtTheValue(line: String, expectedLine: Int, expectedColumn: Int) {
        let (_, diagnostics, _) = parse("---\n\(line)\n---\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == expectedLine)
        #expect(diagnostics.first?.column == expectedColumn)
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func aViewWithAnEmptyLevelIsAnError() {
        // `paged >` was taken as `paged`, the nesting the author began silently dropped.
        for view in ["paged >", "\"paged > \"", "\"> tabs\"", "tabs >> paged"] {
            let (front, diagnostics, _) = parse("---\nview: \(view)\n---\n")
            #expect(front.view == .list, "\(view)")
            #expect(diagnostics.first?.message.hasPrefix("'view' must be one of list, paged, tabs, segmented") == true)
        }
        #expect(parse("---\nview:  tabs  >  paged \n---\n").0.view == ViewSpec([.tabs, .paged]))
    }

    @Test func aQuotedTrueIsTextAndTheMessageSaysSo() {
        // "must be true or false, not 'true'" left the author nothing to go on.
        let (front, diagnostics, _) = parse("---\ndraft: \"true\"\n---\n")
        #expect(!front.draft)
        #expect(
            diagnostics.map(\.message) == [
                "'draft' must be true or false, not 'true' (in quotes it is text: write it without them)"
            ])
        #expect(parse("---\ndraft: 'maybe'\n---\n").1.map(\.message) == ["'draft' must be true or false, not 'maybe'"])
        // YAML 1.1's words, as PyYAML (MkDocs) and Hugo read them.
        #expect(parse("---\ndraft: yes\n---\n").0.draft)
        #expect(!parse("---\ndraft: off\n---\n").0.draft)
    }

    @Test func yamlsNullLeavesATextKeyUnset() {
        // `title: ~` named the page "~", and `slug: ~` gave it the URL /~/.
        for null in ["~", "null", ""] {
            let (front, diagnostics, _) = parse("---\ntitle: \(null)\nslug: \(null)\n---\n")
            #expect(front.title == nil && front.slug == nil && diagnostics.isEmpty, "\(null)")
        }
        #expect(parse("---\ntitle: \"~\"\n---\n").0.title == "~", "quoted, it is text")
    }

    @Test func aSlugWithAControlCharacterIsAnErrorShowingIt() {
        // A NUL ended the output path early (`a` for `a\0b`); a tab or a bell named a file no server handles.
        for (yaml, shown) in [(#"slug: "a\0b""#, #""a\0b""#), (#"slug: "a\tb\a""#, #""a\tb\u{07}""#)] {
            let (front, diagnostics, _) = parse("---\n\(yaml)\n---\n")
            #expect(front.slug == nil)
            #expect(
                diagnostics.map(\.message) == [
                    "'slug' must be one URL segment without '/', a leading '.' or control characters, not \(shown)"
                ])
        }
        #expect(parse("---\nslug: été-2024\n---\n").0.slug == "été-2024")
        // A hidden name, or the output's own mark.
        #expect(parse("---\nslug: .folio-output\n---\n").0.slug == nil)
    }

    @Test func invalidYAMLIsReportedWithItsPositionInTheFile() {
        let (_, diagnostics, _) = parse("---\ntitle: ok\ntags: [a, b\n---\nBody\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasPrefix("invalid YAML") == true)
        #expect((diagnostics.first?.line ?? 0) >= 3)
    }

    @Test func aCharacterYAMLForbidsIsNamedAtItsPlace() {
        // A NUL was printed to the terminal in a message over three lines, placed at the first line of the YAML.
        let (_, diagnostics, _) = parse("---\ntitle: ok\nslug: a\u{0}b\n---\nBody\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == "invalid YAML: control characters are not allowed (U+0000)")
        #expect(diagnostics.first?.line == 3 && diagnostics.first?.column == 8)
    }

    @Test func unclosedFrontMatterIsAnError() {
        let (_, diagnostics, _) = parse("---\ntitle: x\n")
        #expect(diagnostics.map(\.line) == [1])
    }

    @Test func frontMatterEndsAtThreeDotsAndKeepsEveryCharacterAroundIt() {
        let (front, diagnostics, split) = parse("---\ntitle: Café 👩🏽‍💻 e\u{301}\n...\n# Ünïcode\n---\nafter\n")
        #expect(diagnostics.isEmpty)
        #expect(front.title == "Café 👩🏽‍💻 e\u{301}")
        #expect(split.yaml == "title: Café 👩🏽‍💻 e\u{301}\n")
        #expect(split.body == "# Ünïcode\n---\nafter\n")
        #expect(split.bodyLineOffset == 3)
    }

    @Test func noFrontMatterMeansTheWholeFileIsMarkdown() {
        let (_, diagnostics, split) = parse("# Title\n")
        #expect(diagnostics.isEmpty)
        #expect(split.yaml == nil)
        #expect(split.body == "# Title\n")
    }

    @Test(arguments: [
        "2024-05-01", "2024-05-01T09:30", "2024-05-01T09:30:00Z", "2024-05-01T09:30:00+02:00", "2024-05-01 09:30:00.5",
        "2024-02-29", "2000-02-29", "2023-04-30", "2023-12-31",
    ])
    func iso8601DatesAreAccepted(date: String) {
        #expect(DateCheck.isValid(date))
    }

    @Test(arguments: [
        "2024-13-01", "May 1", "2024-05-01T25:00", "2024-5-1", "2024-02-30", "2023-02-29", "1900-02-29", "2024-04-31",
        "2024-06-31T10:00", "2024-00-10", "2024-01-00",
        // Offsets from UTC past 23:59: they became wrong instants in the feeds.
        "2025-01-01T10:00:00+25:00", "2025-01-01T10:00:00+99:99", "2025-01-01T10:00:00-00:61",
    ])
    func otherDatesAreRejected(date: String) {
        #expect(!DateCheck.isValid(date))
    }
}

/// Feeds and sitemaps carry front matter dates as RFC 3339 and W3C datetimes: only days of the calendar.
@Suite struct PublishDateTests {
    @Test func aDayOfTheCalendarIsMidnightUTCAndAnyOtherIsNone() {
        #expect(PublishDate.rfc3339("2024-02-29") == "2024-02-29T00:00:00Z")
        #expect(PublishDate.w3c(" 2024-02-29 ") == "2024-02-29")
        for day in ["2024-02-30", "2023-02-29", "2024-04-31", "2024-13-01"] {
            #expect(PublishDate.rfc3339(day) == nil, "\(day)")
            #expect(PublishDate.w3c(day) == nil, "\(day)")
            #expect(PublishDate.sortKey(day) == nil, "\(day)")
        }
    }

    @Test(arguments: [
        ("2025-01-01T10:00:00", "2025-01-01T10:00:00Z"), ("2025-01-01 10:00", "2025-01-01T10:00:00Z"),
        ("2025-01-01T10:00Z", "2025-01-01T10:00:00Z"), ("2025-01-01T10:00:60Z", "2025-01-01T10:00:59Z"),
        ("2025-01-01T10:00:00.5", "2025-01-01T10:00:00Z"), ("2025-01-01T10:00+02:00", "2025-01-01T08:00:00Z"),
    ])
    func everyTimeFrontMatterTakesHasAnInstantInTheFeeds(date: String, instant: String) {
        // They were left out of the feeds and og:published_time.
        #expect(DateCheck.isValid(date))
        #expect(PublishDate.rfc3339(date) == instant)
        #expect(PublishDate.sortKey(date) != nil)
    }
}
