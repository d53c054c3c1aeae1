import Testing

@testable import FolioKit

/// Fenced code is highlighted at build time (highlight.js under Node.js, installed by scripts/ensure-system-deps.sh).
@Suite struct HighlightTests {
    @Test func swiftGetsKeywordAndStringClasses() {
        let html = model("```swift\nlet greeting = \"Hello\" // say it\n```\n").model.intro
        #expect(html.hasPrefix("<pre tabindex=\"0\"><code class=\"language-swift\">"), "\(html)")
        #expect(html.contains("<span class=\"hljs-keyword\">let</span>"), "\(html)")
        #expect(
            html.contains("<span class=\"hljs-string\">&quot;Hello&quot;</span>")
                || html.contains("<span class=\"hljs-string\">\"Hello\"</span>"), "\(html)")
        #expect(html.contains("<span class=\"hljs-comment\">// say it</span>"), "\(html)")
        #expect(!html.contains("style="), "\(html)")
    }

    @Test(arguments: [
        ("swift", "func f() {}"), ("objc", "@interface A : NSObject\n@end"), ("c", "int main(void) { return 0; }"),
        ("cpp", "#include <vector>\nint x = 1;"), ("sh", "echo \"hi\" # note"), ("console", "$ ls -la"),
        ("json", "{\"a\": 1}"), ("yaml", "key: value # c"), ("toml", "[table]\nkey = \"v\""),
        ("html", "<p class=\"x\">t</p>"),
        ("xml", "<?xml version=\"1.0\"?><a/>"), ("css", "p { color: red; }"), ("js", "const x = 1;"),
        ("ts", "let x: number = 1;"), ("python", "def f():\n    return 1"), ("ruby", "def f\n  1\nend"),
        ("go", "func main() {}"), ("rust", "fn main() {}"), ("java", "public class A {}"), ("kotlin", "fun main() {}"),
        ("sql", "SELECT * FROM t;"), ("diff", "-old\n+new"), ("markdown", "# Title\n\n*em*"),
    ])
    func everyListedLanguageIsHighlighted(language: String, code: String) {
        let html = model("```\(language)\n\(code)\n```\n").model.intro
        #expect(html.contains("<span class=\"hljs-"), "\(language): \(html)")
    }

    @Test func unknownOrMissingLanguageStaysPlainAndSilent() {
        for markdown in ["```klingon\nlet x = 1\n```\n", "```\nlet x = 1\n```\n", "    let x = 1\n"] {
            let output = model(markdown)
            #expect(!output.model.intro.contains("<span"), "\(output.model.intro)")
            #expect(output.model.intro.contains("let x = 1"))
            #expect(output.diagnostics.isEmpty)
        }
    }

    @Test func codeInListsAndQuotesIsHighlightedToo() {
        let html = model("## S\n\n- item\n\n  ```swift\n  let a = 1\n  ```\n\n> ```python\n> def f(): pass\n> ```\n")
            .model.sections[0].html
        #expect(html.components(separatedBy: "<span class=\"hljs-keyword\">").count >= 3, "\(html)")
    }

    @Test func withoutNodeCodeStaysPlainAndTheBuildWarnsOnce() {
        let highlighter = CodeHighlighter(setup: .init(node: nil, library: nil, disabled: false))
        let blocks = [CodeHighlighter.Block(grammar: "swift", code: "let x = 1"), .init(grammar: "go", code: "x := 1")]
        #expect(highlighter.highlight(blocks) == [nil, nil])
        #expect(highlighter.highlight(blocks) == [nil, nil])
        let warning = highlighter.takeWarning()
        #expect(
            warning?.hasPrefix("code blocks are not highlighted: Node.js (node) was not found on PATH") == true,
            "\(warning ?? "")")
        #expect(warning?.contains("apt-get install nodejs node-highlight.js") == true)
        #expect(highlighter.takeWarning() == nil)
    }

    @Test func turnedOffItHighlightsNothingAndDoesNotWarn() {
        let highlighter = CodeHighlighter(setup: .init(node: "/usr/bin/node", library: nil, disabled: true))
        #expect(highlighter.highlight([.init(grammar: "swift", code: "let x = 1")]) == [nil])
        #expect(highlighter.takeWarning() == nil)
    }

    @Test func infoStringLanguageIsCaseInsensitiveAndFirstWordOnly() {
        #expect(CodeLanguage.grammar(forInfo: "Swift title=\"a.swift\"") == "swift")
        #expect(CodeLanguage.grammar(forInfo: "TOML") == "ini")
        #expect(CodeLanguage.grammar(forInfo: "console") == "shell")
        #expect(CodeLanguage.grammar(forInfo: "") == nil)
        #expect(CodeLanguage.grammar(forInfo: "brainfuck") == nil)
    }
}
