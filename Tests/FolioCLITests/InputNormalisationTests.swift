import Foundation
import Testing

/// SPEC §10 and issue 10: CRLF, CR and a byte-order mark are accepted in every file Folio reads — pages (front matter
/// and body), site.yml, appearance.yml in Content/ and Templates/, templates — with every diagnostic still at the right
/// line and column; invalid UTF-8 is one error at its byte; a duplicate key is placed where the message says.
@Suite("Input normalisation")
struct InputNormalisationTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    // MARK: Pages

    @Test(arguments: [LineEnding.crlf, .cr, .bomCRLF, .bomLF])
    func aPageSavedWithOtherLineEndingsOrABOMBuildsWithItsFrontMatter(ending: LineEnding) throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", ending.encode("# Home\n"))
        try site.write(
            "Content/page.md",
            ending.encode("---\ntitle: Front matter title\ndescription: Read it\n---\n\n## First\n\nBody text.\n"))
        let run = try site.folio(buildArguments)
        #expect(run.status == 0, "\(run)")
        let html = try site.text("Public/page/index.html")
        #expect(html.contains("<title>Front matter title"), "the front matter's title is the page's title:\n\(html)")
        #expect(!HTML.main(html).contains("title:"), "the front matter is not body text:\n\(HTML.main(html))")
        #expect(HTML.main(html).contains("Body text."))
        #expect(!html.contains("\r"), "no carriage return reaches the output")
    }

    @Test(arguments: [LineEnding.crlf, .cr, .bomCRLF])
    func errorsInAPageWithOtherLineEndingsAreAtTheirLineAndColumn(ending: LineEnding) throws {
        let site = try WrittenSite()
        // In the body: raw HTML left out (outside GitHub's safe subset) is a warning at its line, past the front matter.
        try site.write("Content/index.md", ending.encode("---\ntitle: T\n---\n\nText.\n\n<iframe>raw</iframe>\n"))
        let warned = try site.folio(buildArguments)
        #expect(warned.status == 0, "\(warned)")
        #expect(
            Diagnostic.parse(warned.stderr).contains {
                $0.path == "Content/index.md" && $0.line == 7 && $0.column == 1 && $0.severity == "warning"
            },
            "the raw HTML is a warning at 7:1:\n\(warned.stderr)")

        // In the front matter: a wrong value is an error at its own line and column.
        try site.write("Content/index.md", ending.encode("---\ntitle: T\nview: carousel\n---\n\nText.\n"))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        #expect(
            diagnostics.contains {
                $0.path == "Content/index.md" && $0.line == 3 && $0.column == 7 && $0.severity == "error"
            },
            "'view: carousel' is an error at 3:7:\n\(run.stderr)")
    }

    @Test(arguments: [LineEnding.crlf, .cr, .bomCRLF])
    func modelAndAppearanceReadAPageWithOtherLineEndings(ending: LineEnding) throws {
        let site = try WrittenSite()
        try site.write(
            "Content/index.md", ending.encode("---\ntitle: Gallery\nview: paged\n---\n\n## One\n\nA\n\n## Two\n\nB\n"))
        let model = try site.folio(["model", "Content/index.md"])
        #expect(model.status == 0, "\(model)")
        #expect(
            model.stdout.contains("\"title\":\"Gallery\"") || model.stdout.contains("\"title\": \"Gallery\""),
            "\(model.stdout)")
        #expect(
            model.stdout.contains("\"view\":\"paged\"") || model.stdout.contains("\"view\": \"paged\""),
            "\(model.stdout)")
        let appearance = try site.folio(["appearance", "Content/index.md"])
        #expect(appearance.status == 0, "\(appearance)")
        #expect(appearance.stdout.contains("PageControl"), "\(appearance.stdout)")
    }

    // MARK: Config files and templates

    @Test(arguments: [LineEnding.crlf, .cr, .bomCRLF])
    func siteYmlWithOtherLineEndingsIsReadAndItsErrorsPlaced(ending: LineEnding) throws {
        let site = try WrittenSite()
        try site.write("Content/site.yml", ending.encode("title: Windows site\nsectionLevel: nine\n"))
        try site.write("Content/index.md", Array("# Home\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        #expect(
            diagnostics.contains { $0.path == "Content/site.yml" && $0.line == 2 && $0.column == 15 }, "\(run.stderr)")
        #expect(diagnostics.count == 1, "only the bad sectionLevel:\n\(run.stderr)")

        try site.write("Content/site.yml", ending.encode("title: Windows site\n"))
        let good = try site.folio(buildArguments)
        #expect(good.status == 0, "\(good)")
        #expect(try site.text("Public/index.html").contains("Windows site"))
    }

    @Test(arguments: [LineEnding.crlf, .cr, .bomCRLF])
    func appearanceYmlInContentAndTemplatesWithOtherLineEndingsIsPlaced(ending: LineEnding) throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("---\nview: paged\n---\n\n## A\n\nx\n\n## B\n\ny\n".utf8))
        try site.write(
            "Content/appearance.yml",
            ending.encode("# site colours\nPageControl:\n  currentPageIndicatorTintColor: sytemBlue\n"))
        try site.write(
            "Templates/appearance.yml", ending.encode("TabBar:\n  tintColor: systemBlue\n  tintColour: red\n"))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        #expect(
            diagnostics.contains { $0.path == "Content/appearance.yml" && $0.line == 3 && $0.column == 34 },
            "\(run.stderr)")
        #expect(
            diagnostics.contains { $0.path == "Templates/appearance.yml" && $0.line == 3 && $0.column == 3 },
            "\(run.stderr)")
    }

    @Test(arguments: [LineEnding.crlf, .cr, .bomCRLF])
    func aTemplateWithOtherLineEndingsRendersAndItsErrorsArePlaced(ending: LineEnding) throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n\nText.\n".utf8))
        try site.write(
            "Templates/layouts/default.mustache",
            ending.encode("<!doctype html>\n<title>{{page.title}}</title>\n<main>\n{{{page.content}}}\n</main>\n"))
        let good = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(good.status == 0, "\(good)")
        #expect(HTML.main(try site.text("Public/index.html")).contains("Text."))

        try site.write(
            "Templates/layouts/default.mustache",
            ending.encode("<!doctype html>\n<main>\n  {{> nowhere}}\n{{#page}}\n{{/pag}}\n"))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        #expect(
            diagnostics.contains { $0.path == "Templates/layouts/default.mustache" && $0.line == 5 },
            "the bad close tag on line 5:\n\(run.stderr)")
    }

    @Test func aMissingPartialInACRLFTemplateIsAtItsColumn() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write(
            "Templates/layouts/default.mustache", LineEnding.bomCRLF.encode("<main>\n  {{> nowhere}}\n</main>\n"))
        let run = try site.folio(buildArguments + ["--templates", "Templates"])
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Templates/layouts/default.mustache" && $0.line == 2 && $0.column == 3
                    && $0.message.contains("nowhere")
            }, "\(run.stderr)")
    }

    // MARK: Invalid UTF-8 and duplicate keys

    @Test func invalidUTF8IsExactlyOneErrorAtItsByte() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("# Home\n".utf8))
        try site.write(
            "Content/bad.md",
            Array("---\r\ntitle: Bad\r\n---\r\nfine\r\nbad: ".utf8) + [0xC3, 0x28] + Array(" here\r\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        #expect(diagnostics.count == 1, "exactly one error, not a second one about URLs:\n\(run.stderr)")
        #expect(
            diagnostics.first.map { $0.path == "Content/bad.md" && $0.line == 5 && $0.column == 6 } == true,
            "\(run.stderr)")
        #expect(!run.stderr.contains("both map"), "\(run.stderr)")
    }

    @Test func aDuplicateKeyIsPlacedAtTheRepeatAndTheMessageAgrees() throws {
        let site = try WrittenSite()
        try site.write("Content/index.md", Array("---\ntitle: One\ndraft: false\ntitle: Two\n---\n# Home\n".utf8))
        let run = try site.folio(buildArguments)
        #expect(run.status == 1, "\(run)")
        let diagnostics = Diagnostic.parse(run.stderr)
        let duplicate = try #require(diagnostics.first { $0.path == "Content/index.md" }, "\(run.stderr)")
        #expect(duplicate.line == 4 && duplicate.column == 1, "at the repeated key:\n\(run.stderr)")
        #expect(duplicate.message.contains("'title'"), "\(duplicate)")
        #expect(duplicate.message.contains("line 2"), "names the first key's line in the file:\n\(duplicate)")
        #expect(!duplicate.message.contains("line 1,"), "no line number counted inside the front matter:\n\(duplicate)")
    }
}

/// How a text file is saved.
enum LineEnding: String, CustomStringConvertible, CaseIterable, Sendable {
    case crlf, cr, bomCRLF, bomLF

    var description: String { rawValue }

    func encode(_ text: String) -> [UInt8] {
        switch self {
        case .crlf: Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        case .cr: Array(text.replacingOccurrences(of: "\n", with: "\r").utf8)
        case .bomCRLF: InputNormalisationTests.bom + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        case .bomLF: InputNormalisationTests.bom + Array(text.utf8)
        }
    }
}

/// A site written file by file into a scratch folder of the test's own (`scratch/site`), built there.
final class WrittenSite {
    let sandbox: Sandbox
    let root: URL

    init(title: String = "Scratch") throws {
        sandbox = try Sandbox()
        root = try sandbox.folder("scratch/site")
        try write("Content/site.yml", Array("title: \(title)\n".utf8))
    }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func text(_ relative: String) throws -> String { try Tree.text(root.appendingPathComponent(relative)) }

    func folio(_ arguments: [String]) throws -> Folio.Run { try Folio.run(arguments, in: root) }

    /// Runs folio with its address space limited to `megabytes` (as `ulimit -v`) and killed after five minutes, so a
    /// runaway can neither take the machine nor hold the test run.
    func folio(_ arguments: [String], memoryLimitMB megabytes: Int) throws -> Folio.Run {
        let binary = try #require(Folio.binary, "no built folio binary")
        let script = "ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\""
        var run = try Folio.run(
            arguments, in: root, timeout: 300, executable: URL(fileURLWithPath: "/bin/sh"),
            prefix: ["-c", script, binary.path])
        run.arguments = arguments
        return run
    }
}
