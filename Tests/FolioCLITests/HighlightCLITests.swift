import Foundation
import Testing

/// `folio build` highlights fenced code with highlight.js under Node.js, and builds plain code when it cannot.
@Suite("Highlighting") struct HighlightCLITests {
    private func build(environment: [String: String]) throws -> (Folio.Run, String) {
        let sandbox = try Sandbox()
        let site = try sandbox.site("github-readme")
        let run = try Folio.run(buildArguments, in: site, environment: environment)
        #expect(run.status == 0, "\(run)")
        let html = try Tree.text(site.appendingPathComponent("Public/index.html"))
        return (run, html)
    }

    @Test func codeIsHighlightedWithTokenClassesOnly() throws {
        let (run, html) = try build(environment: [:])
        #expect(html.contains("<code class=\"language-swift\"><span class=\"hljs-keyword\">let</span>"), "\(html)")
        #expect(html.contains("<code class=\"language-klingon\">Qapla"), "an unknown language stays plain")
        #expect(html.contains("assets/highlight.css"))
        #expect(!run.stderr.contains("highlight"), "\(run.stderr)")
    }

    @Test func withoutNodeTheBuildWarnsOnceAndCodeStaysPlain() throws {
        let (run, html) = try build(environment: ["PATH": "/nonexistent"])
        #expect(!html.contains("hljs-"), "\(html)")
        #expect(html.contains("<code class=\"language-swift\">let kit"), "\(html)")
        let warnings = run.stderrLines.filter { $0.contains("code blocks are not highlighted") }
        #expect(
            warnings == [
                "Content/site.yml:1:1: warning: code blocks are not highlighted: Node.js (node) was not found on PATH; install Node.js and highlight.js (Debian: apt-get install nodejs node-highlight.js; make build does it)"
            ], "\(run.stderr)")
    }

    @Test func nodeIsStartedOnlyByABuildThatRendersNewCode() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("github-readme")
        // A `node` first on PATH that notes each start, then runs the real one.
        let bin = site.appendingPathComponent("bin")
        let starts = site.appendingPathComponent("node-starts")
        let real = try #require(
            ["/usr/bin/node", "/usr/bin/nodejs", "/usr/local/bin/node"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        let node = bin.appendingPathComponent("node")
        try Tree.write("#!/bin/sh\necho started >> '\(starts.path)'\nexec \(real) \"$@\"\n", to: node)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: node.path)
        let environment = ["PATH": bin.path + ":/usr/bin:/bin"]
        func startsSoFar() -> Int { ((try? Tree.text(starts)) ?? "").split(separator: "\n").count }

        #expect(try Folio.run(buildArguments, in: site, environment: environment).status == 0)
        #expect(startsSoFar() == 1, "the first build renders every page")
        let html = try Tree.text(site.appendingPathComponent("Public/index.html"))
        #expect(html.contains("hljs-keyword"), "highlighted through the noting node")
        #expect(try Folio.run(buildArguments, in: site, environment: environment).status == 0)
        #expect(startsSoFar() == 1, "a build with nothing to render does not start Node.js")
        let page = site.appendingPathComponent("Content/index.md")
        try Tree.write(try Tree.text(page) + "\nOne more line.\n", to: page)
        #expect(try Folio.run(buildArguments, in: site, environment: environment).status == 0)
        #expect(startsSoFar() == 1, "an edit that leaves the page's code as it was takes it from the page's output")
        let edited = try Tree.text(site.appendingPathComponent("Public/index.html"))
        #expect(edited.contains("One more line."))
        let clean = try Folio.run(
            ["build", "--content", "Content", "--output", "Clean", "--no-cache"], in: site, environment: environment)
        #expect(clean.status == 0, "\(clean)")
        #expect(startsSoFar() == 2)
        #expect(edited == (try Tree.text(site.appendingPathComponent("Clean/index.html"))), "as a build from scratch")
        try Tree.write(try Tree.text(page) + "\n```swift\nlet added = 1\n```\n", to: page)
        #expect(try Folio.run(buildArguments, in: site, environment: environment).status == 0)
        #expect(startsSoFar() == 3, "new code does")
        let html2 = try Tree.text(site.appendingPathComponent("Public/index.html"))
        #expect(html2.contains("<span class=\"hljs-keyword\">let</span> added"), "\(html2)")
    }

    @Test func turnedOffForTheBenchmarkNothingIsHighlightedAndNothingSaid() throws {
        let (run, html) = try build(environment: ["FOLIO_HIGHLIGHT": "off"])
        #expect(!html.contains("hljs-"))
        #expect(!run.stderr.contains("highlight"), "\(run.stderr)")
    }
}
