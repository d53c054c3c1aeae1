import Foundation
import Testing

/// SPEC §6 and §10, end to end: bad appearance rules, colors and front matter values are errors at their
/// own `file:line:col` (exit 1, `Public/` untouched); an undeclared container and a faint current dot are
/// warnings (fatal with `--strict`); `folio appearance PAGE.md` explains every control; `appearance.css`
/// is deterministic.
@Suite("Appearance")
struct AppearanceTests {
    // MARK: Errors in Content/appearance.yml

    @Test func aMisspeltPropertyAnUnknownComponentAndAMalformedKeyAreErrorsAtTheirPositions() throws {
        let rejected = try rejectBrokenSite("cli-appearance-bad-rule")
        let path = "Content/appearance.yml"
        let file = rejected.file(path)

        // `  currentPageIndicatorTint: systemBlue` — at the property's name.
        let property = try Position.of("currentPageIndicatorTint:", inFile: file)
        #expect(property == Position(line: 3, column: 3))
        rejected.expectError(path, property)
        rejected.expectMessage(path, property, contains: "did you mean `currentPageIndicatorTintColor`?")

        // `PageContrl:` — at the component's name.
        let component = try Position.of("PageContrl", inFile: file)
        rejected.expectError(path, component)
        rejected.expectMessage(path, component, contains: "did you mean `PageControl`?")

        // `TabBar in TabView PagedView:` — a missing `in`, at the word where one was expected.
        let key = try Position.of("TabBar in TabView PagedView", inFile: file)
        let word = Position(line: key.line, column: key.column + "TabBar in TabView ".count)
        rejected.expectError(path, word)
        rejected.expectMessage(path, word, contains: "`in`")

        // Every problem is reported, not only the first.
        let errors = rejected.diagnostics.filter { $0.severity == "error" }
        #expect(errors.count == 3, "expected exactly the three errors:\n\(rejected.run.stderr)")
        #expect(rejected.run.stderrLines.last?.contains("3 errors") == true, "summary:\n\(rejected.run.stderr)")
    }

    @Test func aBadColorIsAnErrorAtItsPosition() throws {
        let rejected = try rejectBrokenSite("cli-appearance-bad-color")
        let path = "Content/appearance.yml"
        let file = rejected.file(path)

        // A misspelt UIKit name, with a suggestion.
        let misspelt = try Position.of("sytemBlue", inFile: file)
        #expect(misspelt == Position(line: 3, column: 34))
        rejected.expectError(path, misspelt)
        rejected.expectMessage(path, misspelt, contains: "did you mean `systemBlue`?")

        // Five hex digits: at the quoted value (its quote, or its first character).
        let hex = try Position.of("\"#12345\"", inFile: file)
        rejected.expectError(path, hex, orColumns: [hex.column + 1])

        // An unquoted hex color is a YAML comment, so the value is empty: at the `#` the message talks about
        // (or at the property whose value is missing), saying to quote it; not at the blank between them.
        let comment = try Position.of("#007aff", inFile: file)
        let key = try Position.of("tintColor: #007aff", inFile: file)
        rejected.expectError(path, comment, orColumns: [key.column])
        let quote = rejected.diagnostics.first {
            $0.path == path && $0.line == comment.line && $0.message.contains("quote")
        }
        #expect(
            quote != nil,
            "expected an error on line \(comment.line) saying to quote hex colors:\n\(rejected.run.stderr)")

        // Inside a dynamic color: at the bad variant.
        let variant = try Position.of("notacolor", inFile: file)
        rejected.expectError(path, variant)

        #expect(rejected.diagnostics.filter { $0.severity == "error" }.count == 4, "\(rejected.run.stderr)")
    }

    // MARK: Errors in front matter `appearance:`

    @Test func aBadFrontMatterAppearanceValueIsAnErrorAtThePagesOwnPosition() throws {
        let rejected = try rejectBrokenSite("cli-appearance-bad-front-matter")
        let path = "Content/launch.md"
        let file = rejected.file(path)

        let color = try Position.of("blurple", inFile: file)
        #expect(color == Position(line: 6, column: 36))
        rejected.expectError(path, color)

        let property = try Position.of("pageIndicatorTint:", inFile: file)
        #expect(property == Position(line: 7, column: 5))
        rejected.expectError(path, property)
        rejected.expectMessage(path, property, contains: "did you mean `pageIndicatorTintColor`?")

        let component = try Position.of("TabBr", inFile: file)
        #expect(component == Position(line: 8, column: 3))
        rejected.expectError(path, component)
        rejected.expectMessage(path, component, contains: "did you mean `TabBar`?")

        // `{light: white}`: a dynamic color without its dark variant, at the mapping.
        let dynamic = try Position.of("{light: white}", inFile: file)
        rejected.expectError(path, dynamic)
        rejected.expectMessage(path, dynamic, contains: "dark")

        #expect(rejected.diagnostics.allSatisfy { $0.path == path }, "errors outside the page:\n\(rejected.run.stderr)")
        #expect(rejected.diagnostics.filter { $0.severity == "error" }.count == 4, "\(rejected.run.stderr)")
    }

    // MARK: Warnings

    @Test func aContainerNoPageDeclaresIsAWarningAndFatalWithStrict() throws {
        let built = try BuiltSite("cli-appearance-undeclared-container")
        let path = "Content/appearance.yml"
        let file = built.site.appendingPathComponent(path)
        let warnings = Diagnostic.parse(built.run.stderr).filter { $0.severity == "warning" }

        // `PageControl in PagedView in Galery:` — at the misspelt container, with the declared name suggested.
        let galeryKey = try Position.of("in Galery:", inFile: file)
        let galery = Position(line: galeryKey.line, column: galeryKey.column + 3)
        #expect(galery == Position(line: 4, column: 29))
        let typo = warnings.first { $0.path == path && $0.line == galery.line && $0.column == galery.column }
        #expect(typo?.message.contains("did you mean `Gallery`?") == true, "\(built.run.stderr)")

        // `TabBar in Archive:` — no page declares it.
        let archiveKey = try Position.of("in Archive:", inFile: file)
        let archive = Position(line: archiveKey.line, column: archiveKey.column + 3)
        #expect(
            warnings.contains { $0.path == path && $0.line == archive.line && $0.column == archive.column },
            "expected '\(path):\(archive): warning: …':\n\(built.run.stderr)")

        // `PageControl in Gallery:` — gallery.md declares it: no warning.
        #expect(warnings.count == 2, "only the two undeclared containers warn:\n\(built.run.stderr)")
        #expect(built.exists("gallery/index.html"))

        // With --strict the warnings fail the build and Public/ is left as the good build left it.
        let strict = try rejectBrokenSite(
            "cli-appearance-undeclared-container", arguments: buildArguments + ["--strict"]
        ) { _ in }
        #expect(
            strict.diagnostics.contains { $0.path == path && $0.line == galery.line && $0.column == galery.column },
            "\(strict.run.stderr)")
    }

    @Test func aCurrentDotUnder3To1IsAWarningInTheSchemeWhereItFails() throws {
        let built = try BuiltSite("cli-appearance-low-contrast")
        let path = "Content/appearance.yml"
        let file = built.site.appendingPathComponent(path)
        let warnings = Diagnostic.parse(built.run.stderr).filter { $0.severity == "warning" }
        func at(_ position: Position) -> [Diagnostic] {
            warnings.filter { $0.path == path && $0.line == position.line && $0.column == position.column }
        }

        // "#eeeeee" on the light card (#f2f2f7): light mode only; on the dark card it is plain to see.
        let faint = try Position.of("\"#eeeeee\"", inFile: file)
        #expect(at(faint).count == 1, "expected one warning at \(path):\(faint):\n\(built.run.stderr)")
        #expect(
            at(faint).first.map { $0.message.contains("light") && $0.message.contains("3:1") } == true,
            "\(built.run.stderr)")

        // {light: black, dark: "#2c2c2e"} in a tab: dark mode only, reported at the value that won.
        let dark = try Position.of("{light: black", inFile: file)
        #expect(at(dark).count == 1, "expected one warning at \(path):\(dark):\n\(built.run.stderr)")
        #expect(at(dark).first?.message.contains("dark") == true, "\(built.run.stderr)")

        // "#333333" is fine on the page, but `PagedView in Gallery` makes the card black: both modes.
        let onBlack = try Position.of("\"#333333\"", inFile: file)
        #expect(
            at(onBlack).count == 2, "expected a light and a dark warning at \(path):\(onBlack):\n\(built.run.stderr)")

        #expect(warnings.count == 4, "\(built.run.stderr)")
        #expect(built.exists("index.html") && built.exists("tour/index.html") && built.exists("gallery/index.html"))

        // Built again with nothing changed, the warnings come from the cache, each as often as the first time.
        let again = try Folio.run(buildArguments, in: built.site)
        let repeated = Diagnostic.parse(again.stderr).filter { $0.severity == "warning" }
        #expect(again.status == 0 && repeated.count == 4, "\(again.stderr)")

        _ = try rejectBrokenSite("cli-appearance-low-contrast", arguments: buildArguments + ["--strict"]) { _ in }
    }

    @Test func theDefaultThemePassesTheContrastCheckInLightAndDark() throws {
        // A site with paged, tabbed and tab-and-paged views and no appearance.yml of its own: --strict passes.
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-appearance-report")
        try FileManager.default.removeItem(at: site.appendingPathComponent("Content/appearance.yml"))
        let run = try Folio.run(buildArguments + ["--strict"], in: site)
        #expect(run.status == 0, "\(run)")
        #expect(Diagnostic.parse(run.stderr).isEmpty, "\(run.stderr)")
    }

    // MARK: folio appearance PAGE.md

    @Test func appearanceCommandPrintsEveryControlsPathValuesAndWinningRule() throws {
        let site = Folio.fixture("cli-appearance-report")
        let run = try Folio.run(["appearance", "Content/gallery.md"], in: site)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let report = try AppearanceOutput(run.stdout)

        let rules = site.appendingPathComponent("Content/appearance.yml")
        func ruleLine(_ text: String) throws -> String {
            "Content/appearance.yml:\(try Position.of(text, inFile: rules).line)"
        }
        let theme = "(default theme)/appearance.yml"

        // One block per control, in page order, each with its path from the page down.
        let tabBar = "Page › Layout:default › Gallery › TabView › TabBar"
        let paged = "Page › Layout:default › Gallery › TabView › PagedView"
        let dots = "Page › Layout:default › Gallery › TabView › PagedView › PageControl"
        #expect(report.paths == [tabBar, paged, dots, paged, dots], "\(run.stdout)")

        // TabBar: the Gallery rule beats the unscoped theme rule; the page's own value beats every rule.
        let bar = report.blocks[0]
        #expect(
            bar.row("tintColor")
                == .init(
                    "tintColor", "#ff3b30 / #ff453a", try ruleLine("tintColor: systemRed"), "TabBar in Gallery"))
        #expect(
            bar.row("unselectedItemTintColor")?.source
                == "\(theme):\(try Self.themeLine("TabBar", "unselectedItemTintColor"))")
        #expect(bar.row("unselectedItemTintColor")?.rule == "TabBar")
        #expect(
            bar.row("barTintColor")
                == .init("barTintColor", "#ffffff / #1c1c1e", "(front matter) Content/gallery.md:7", nil))

        for (k, block) in report.blocks.enumerated() where block.path == paged {
            #expect(
                block.row("backgroundColor")?.source
                    == "\(theme):\(try Self.themeLine("PagedView", "backgroundColor"))",
                "block \(k):\n\(run.stdout)")
        }
        // PageControl: `PageControl in Gallery` (outermost: Gallery) beats `PageControl in PagedView in TabView`;
        // it sets only the current dot, so the other dots come from the unscoped site rule.
        for block in report.blocks where block.path == dots {
            #expect(
                block.row("pageIndicatorTintColor")
                    == .init(
                        "pageIndicatorTintColor", "#aaaaaa", try ruleLine("pageIndicatorTintColor: lightGray"),
                        "PageControl"))
            #expect(
                block.row("currentPageIndicatorTintColor")
                    == .init(
                        "currentPageIndicatorTintColor", "#5856d6 / #5e5ce6",
                        try ruleLine("currentPageIndicatorTintColor: systemIndigo"),
                        "PageControl in Gallery"))
        }
        // Every property of every control, aligned in columns.
        #expect(
            report.blocks.map { $0.rows.map(\.name) } == [
                ["tintColor", "unselectedItemTintColor", "barTintColor"], ["backgroundColor"],
                ["pageIndicatorTintColor", "currentPageIndicatorTintColor"], ["backgroundColor"],
                ["pageIndicatorTintColor", "currentPageIndicatorTintColor"],
            ])
        #expect(Set(report.valueColumns).count == 1, "values are not aligned:\n\(run.stdout)")
    }

    @Test func appearanceCommandOnAPageWithoutGalleryGivesTheTabViewRule() throws {
        let run = try Folio.run(["appearance", "Content/tour.md"], in: Folio.fixture("cli-appearance-report"))
        #expect(run.status == 0, "\(run)")
        let report = try AppearanceOutput(run.stdout)
        let rules = Folio.fixture("cli-appearance-report").appendingPathComponent("Content/appearance.yml")
        let line = try Position.of("currentPageIndicatorTintColor: systemPink", inFile: rules).line
        let dots = report.blocks.filter { $0.path == "Page › Layout:default › TabView › PagedView › PageControl" }
        #expect(!dots.isEmpty, "\(run.stdout)")
        for block in dots {
            #expect(
                block.row("currentPageIndicatorTintColor")
                    == .init(
                        "currentPageIndicatorTintColor", "#ff2d55 / #ff375f", "Content/appearance.yml:\(line)",
                        "PageControl in PagedView in TabView"))
        }
    }

    @Test func appearanceCommandListsOnlyControlsThePageShows() throws {
        // tour.md: the Europe tab pages through two sections, the Asia tab holds one. A paged view of one page
        // shows no page control (SPEC §5, hidesForSinglePage), so the built page has one page control and the
        // report, "every control on that page", lists one.
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-appearance-report")
        let build = try Folio.run(buildArguments, in: site)
        #expect(build.status == 0, "\(build)")
        let html = try Tree.text(site.appendingPathComponent("Public/tour/index.html"))
        #expect(HTML.count("data-folio-page-control", in: html) == 1)

        let run = try Folio.run(["appearance", "Content/tour.md"], in: site)
        let report = try AppearanceOutput(run.stdout)
        let dots = report.blocks.filter { $0.path.hasSuffix("› PageControl") }
        #expect(dots.count == 1, "the report lists page controls the page does not show:\n\(run.stdout)")
        #expect(dots.first?.title.contains("Europe") == true, "\(run.stdout)")
    }

    @Test func aPagedViewOfOnePageShowsNoDotSoItsColorIsNotChecked() throws {
        // A faint current-dot color on a page whose paged view has one page: no page control is shown
        // (hidesForSinglePage), so there is no dot to be faint and no warning.
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-appearance-report")
        try Tree.write(
            """
            ---
            title: Single
            view: paged
            appearance:
              PageControl:
                currentPageIndicatorTintColor: "#f4f4f4"
            ---

            ## Only

            The one page.

            """, to: site.appendingPathComponent("Content/single.md"))
        let run = try Folio.run(buildArguments + ["--strict"], in: site)
        #expect(run.status == 0, "\(run)")
        #expect(
            !Diagnostic.parse(run.stderr).contains { $0.path == "Content/single.md" },
            "a warning about a page control the page does not show:\n\(run.stderr)")
        if run.status == 0 {
            let html = try Tree.text(site.appendingPathComponent("Public/single/index.html"))
            #expect(HTML.count("data-folio-page-control", in: html) == 0)
        }
    }

    @Test func appearanceCommandOnAPageWithoutControlsSaysSo() throws {
        let run = try Folio.run(["appearance", "Content/index.md"], in: Folio.fixture("cli-appearance-report"))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Content/index.md") && run.stdout.contains("no page controls"), "\(run)")
    }

    @Test func appearanceCommandReportsBadRulesAndExits1() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-appearance-bad-rule")
        try sandbox.breakSite(site, fixture: "cli-appearance-bad-rule")
        let run = try Folio.run(["appearance", "Content/index.md"], in: site)
        #expect(run.status == 1, "\(run)")
        let property = try Position.of(
            "currentPageIndicatorTint:", inFile: site.appendingPathComponent("Content/appearance.yml"))
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/appearance.yml" && $0.line == property.line && $0.column == property.column
                    && $0.severity == "error" && $0.message.contains("did you mean `currentPageIndicatorTintColor`?")
            }, "\(run)")
        #expect(run.stdout.isEmpty, "no report from a broken config:\n\(run.stdout)")
    }

    @Test func appearanceCommandReportsABadFrontMatterValueAtThePage() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-appearance-bad-front-matter")
        try sandbox.breakSite(site, fixture: "cli-appearance-bad-front-matter")
        let run = try Folio.run(["appearance", "Content/launch.md"], in: site)
        #expect(run.status == 1, "\(run)")
        let color = try Position.of("blurple", inFile: site.appendingPathComponent("Content/launch.md"))
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/launch.md" && $0.line == color.line && $0.column == color.column
                    && $0.severity == "error"
            }, "\(run)")
    }

    @Test func appearanceCommandWithoutAPageFileIsAUsageError() throws {
        let run = try Folio.run(["appearance", "Content/nope.md"], in: Folio.fixture("cli-appearance-report"))
        #expect(run.status == 2, "\(run)")
    }

    // MARK: The generated stylesheet

    @Test func appearanceCSSIsDeterministicAndEveryClassIsDefined() throws {
        // Twelve pages, each with its own current-dot color, rendered in parallel: the stylesheet and every
        // page must come out byte-identical, build after build and folder after folder.
        let built = try BuiltSite("cli-appearance-determinism", ["--strict"])
        let first = try Tree.snapshot(built.output)
        let css = try Tree.text(built.url("assets/appearance.css"))

        for _ in 0..<3 {
            let again = try Folio.run(buildArguments + ["--strict"], in: built.site)
            #expect(again.status == 0, "\(again)")
            let snapshot = try Tree.snapshot(built.output)
            #expect(first == snapshot, "rebuild differs: \(Tree.differences(first, snapshot))")
        }
        let elsewhere = try Sandbox()
        let copy = try elsewhere.site("cli-appearance-determinism")
        let other = try Folio.run(["build", "--strict", "--content", "Content", "--output", "Elsewhere"], in: copy)
        #expect(other.status == 0, "\(other)")
        let otherSnapshot = try Tree.snapshot(copy.appendingPathComponent("Elsewhere"))
        #expect(first == otherSnapshot, "a build elsewhere differs: \(Tree.differences(first, otherSnapshot))")

        // One rule per class, sorted; dark values only under prefers-color-scheme: dark.
        let (light, dark) = try Self.split(css)
        let classes = Self.classes(in: light)
        #expect(classes == classes.sorted() && Set(classes).count == classes.count, "classes: \(classes)")
        #expect(Set(Self.classes(in: dark)).isSubset(of: Set(classes)))
        #expect(!light.contains("prefers-color-scheme"))

        // Every page: its controls' classes are defined, and no inline style (a strict CSP holds).
        var pageControlClasses: Set<String> = []
        for file in Tree.files(under: built.output) where file.hasSuffix("index.html") {
            let html = try built.html(file)
            #expect(html.range(of: "<[^>]+\\sstyle\\s*=", options: .regularExpression) == nil, "\(file): inline style")
            for used in Self.classes(in: html) {
                #expect(classes.contains(used), "\(file) uses \(used), which assets/appearance.css does not define")
            }
            for match in html.matches(of: /class="folio-page-control (folio-appearance-[0-9a-f]{8})"/) {
                pageControlClasses.insert(String(match.1))
            }
        }
        // Each page's own color gives its page controls a class of their own (the nine pages with paged views;
        // the three `view: tabs` pages have none).
        #expect(pageControlClasses.count == 9, "\(pageControlClasses.sorted())")
        // Each page's dynamic color: light value in the class, dark value under the media query.
        #expect(light.contains("--folio-current-page-indicator-tint-color: #b3261e;"))
        #expect(dark.contains("--folio-current-page-indicator-tint-color: #ffb4ab;"))
    }

    @Test func anIncrementalBuildAfterAnAppearanceEditEqualsACleanBuild() throws {
        // Only the edited page is rendered again, but the stylesheet still holds every page's styles; an edit to
        // Content/appearance.yml reaches every page.
        let built = try BuiltSite("cli-appearance-determinism")
        let page = built.site.appendingPathComponent("Content/page-01.md")
        let rules = built.site.appendingPathComponent("Content/appearance.yml")
        let edits: [(what: String, file: URL, old: String, new: String, css: String)] = [
            ("a page's own color", page, "#b3261e", "#a0221b", "--folio-current-page-indicator-tint-color: #a0221b;"),
            (
                "a site rule", rules, "tintColor: systemPurple", "tintColor: systemIndigo",
                "--folio-tab-tint-color: #5856d6;"
            ),
        ]
        for edit in edits {
            let text = try Tree.text(edit.file)
            #expect(text.contains(edit.old))
            try Tree.write(text.replacingOccurrences(of: edit.old, with: edit.new), to: edit.file)
            let incremental = try Folio.run(buildArguments, in: built.site)
            #expect(incremental.status == 0, "\(incremental)")
            let clean = try Folio.run(
                ["build", "--no-cache", "--content", "Content", "--output", "Clean"], in: built.site)
            #expect(clean.status == 0, "\(clean)")
            let a = try Tree.snapshot(built.output)
            let b = try Tree.snapshot(built.site.appendingPathComponent("Clean"))
            #expect(
                a == b,
                "after editing \(edit.what), the incremental build differs from a clean one: \(Tree.differences(a, b))")
            let css = try Tree.text(built.url("assets/appearance.css"))
            #expect(css.contains(edit.css), "after editing \(edit.what), no '\(edit.css)' in:\n\(css)")
            try FileManager.default.removeItem(at: built.site.appendingPathComponent("Clean"))
        }
    }

    // MARK: Helpers

    /// The line of `property` in `component`'s unscoped rule in the repository's `Templates/appearance.yml`
    /// (the default theme built into `folio`).
    static func themeLine(_ component: String, _ property: String) throws -> Int {
        let text = try Tree.text(Folio.repository.appendingPathComponent("Templates/appearance.yml"))
        var inside = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if !line.hasPrefix(" "), !line.hasPrefix("#"), !line.isEmpty { inside = line.hasPrefix(component + ":") }
            if inside, line.trimmingCharacters(in: .whitespaces).hasPrefix(property + ":") { return index + 1 }
        }
        throw ThemeLineNotFound(component: component, property: property)
    }

    struct ThemeLineNotFound: Error {
        var component: String
        var property: String
    }

    /// The stylesheet split at `@media (prefers-color-scheme: dark)`.
    static func split(_ css: String) throws -> (light: String, dark: String) {
        let range = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"), "no dark block:\n\(css)")
        return (String(css[..<range.lowerBound]), String(css[range.upperBound...]))
    }

    /// `folio-appearance-xxxxxxxx` class names in order of appearance (defined or used).
    static func classes(in text: String) -> [String] {
        var seen: [String] = []
        for match in text.matches(of: /folio-appearance-[0-9a-f]{8}/) where !seen.contains(String(match.0)) {
            seen.append(String(match.0))
        }
        return seen
    }
}

/// `folio appearance` output read back: blocks separated by blank lines, a title line (the path, then an optional
/// `  (label)`), then one row per property: name, value, source, rule key, separated by two or more spaces.
struct AppearanceOutput {
    struct Row: Equatable, CustomStringConvertible {
        var name: String
        var value: String
        var source: String
        var rule: String?

        init(_ name: String, _ value: String, _ source: String, _ rule: String?) {
            self.name = name
            self.value = value
            self.source = source
            self.rule = rule
        }

        var description: String { [name, value, source, rule ?? "-"].joined(separator: " | ") }
    }

    struct Block {
        var title: String
        var rows: [Row]
        /// The title without its label.
        var path: String { title.components(separatedBy: "  (").first ?? title }
        func row(_ name: String) -> Row? { rows.first { $0.name == name } }
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "not a report row: '\(line)'" }
    }

    var blocks: [Block] = []
    /// Where each row's value starts, in characters.
    var valueColumns: [Int] = []

    var paths: [String] { blocks.map(\.path) }

    init(_ text: String) throws {
        for chunk in text.components(separatedBy: "\n\n")
        where !chunk.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let lines = chunk.split(separator: "\n").map(String.init)
            var rows: [Row] = []
            for line in lines.dropFirst() {
                guard line.hasPrefix("  ") else { throw Malformed(line: line) }
                let fields = line.trimmingCharacters(in: .whitespaces)
                    .components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                        !$0.isEmpty
                    }
                guard fields.count == 3 || fields.count == 4 else { throw Malformed(line: line) }
                rows.append(Row(fields[0], fields[1], fields[2], fields.count == 4 ? fields[3] : nil))
                if let range = line.range(
                    of: "  " + fields[1],
                    range: line.index(line.startIndex, offsetBy: 2 + fields[0].count)..<line.endIndex)
                {
                    let start = line.distance(from: line.startIndex, to: range.lowerBound)
                    let spaces = line[range].prefix { $0 == " " }.count
                    valueColumns.append(start + spaces)
                }
            }
            blocks.append(Block(title: lines[0], rows: rows))
        }
    }
}

extension RejectedBuild {
    /// Expects the diagnostic at `path:position` to mention `text`.
    func expectMessage(
        _ path: String, _ position: Position, contains text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let messages = diagnostics.filter {
            $0.path == path && $0.line == position.line && $0.column == position.column
        }
        .map(\.message)
        #expect(
            messages.contains { $0.contains(text) },
            "expected '\(path):\(position): …\(text)…' in stderr:\n\(run.stderr)", sourceLocation: sourceLocation)
    }
}
