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

    @Test func turnedOffForTheBenchmarkNothingIsHighlightedAndNothingSaid() throws {
        let (run, html) = try build(environment: ["FOLIO_HIGHLIGHT": "off"])
        #expect(!html.contains("hljs-"))
        #expect(!run.stderr.contains("highlight"), "\(run.stderr)")
    }
}
