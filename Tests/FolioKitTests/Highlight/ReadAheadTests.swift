import Foundation
import Testing

@testable import FolioKit

/// A render worker sends the code of its next pages to the highlighter ahead, a group of pages in one request, found
/// by a quick scan of their lines (`CodeFences`); the parsed page's blocks are matched with the answers by content.
@Suite struct ReadAheadTests {
    /// The blocks the parser gives for `markdown` (what a page's highlighting asks for).
    static func parsedBlocks(_ markdown: String) -> [CodeHighlighter.Block] {
        var blocks: [CodeHighlighter.Block] = []
        MarkdownDocument(parsing: markdown, unsafeHTML: false).forEachNode { node in
            guard node.kind == .codeBlock, let grammar = CodeLanguage.grammar(forInfo: node.fenceInfo) else { return }
            blocks.append(.init(grammar: grammar, code: node.literal))
        }
        return blocks
    }

    @Test(arguments: [
        "```swift\nlet a = 1\n```\n",
        "Text.\n\n~~~python\ndef f():\n    return 1\n~~~\n\nMore text.\n",
        "````markdown\n```swift\nlet inner = 1\n```\n````\n",
        "```Swift title=\"a.swift\" {1,3}\nlet a = 1\n\n\nlet b = 2\n```\n",
        "- item\n\n  ```sh\n  echo one\n    echo indented\n  ```\n\n1. step\n\n   ```json\n   {\"a\": 1}\n   ```\n",
        "  ```go\n  func main() {}\n go()\n```\n",
        "```rust\nfn main() {}\n",
        "```   yaml   \nkey: value\n```   \n\n```klingon\nlet x = 1\n```\n\n```\nplain\n```\n",
        "```css\np { color: red; }\n```\n```css\np { color: red; }\n```\n",
        // Backticks and tildes inside lines are passed over; a fence further down is still found.
        "Run `` ``` `` or ~~~ here.\n\n```swift\nlet a = 1\n```\n",
        "A ~~~ and a ``` mid-line.\n   ~~~python\nx = 1\n   ~~~\n\nthen ``` again\n```go\ngo()\n```\n",
        // A plain fence holds a swift one, which is its code, not a block; the one after is.
        "````\n```swift\nnot a block\n```\n````\n```swift\nlet b = 2\n```\n",
        "\n\n```ruby\nputs 1\n```",
    ])
    func theScanFindsWhatTheParserFinds(markdown: String) {
        #expect(CodeFences.blocks(in: markdown) == Self.parsedBlocks(markdown), "\(markdown)")
    }

    @Test(arguments: [
        "    ```swift\n    let a = 1\n    ```\n",  // an indented code block, not a fence
        "``` swift `x`\nlet a = 1\n```\n",  // a backtick in a backtick fence's info: inline code, not a fence
        "``\nlet a = 1\n``\n",
    ])
    func linesThatAreNotFencesAreNotSent(markdown: String) {
        #expect(CodeFences.blocks(in: markdown).isEmpty, "\(markdown)")
    }

    /// Every block of the guide the highlighter gets is found by the scan, so the guide's pages never wait for Node.js.
    @Test func theScanFindsEveryHighlightedBlockOfTheGuide() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Content")
        var pages = 0
        var blocks = 0
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            let text = try SourceText.decode([UInt8](Data(contentsOf: url))).get()
            let parsed = Self.parsedBlocks(text)
            let scanned = Set(CodeFences.blocks(in: text))
            for block in parsed { #expect(scanned.contains(block), "\(url.lastPathComponent): \(block.code)") }
            pages += 1
            blocks += parsed.count
        }
        #expect(pages > 20 && blocks > 50, "\(pages) pages, \(blocks) blocks")
    }

    /// Twenty pages of code: three requests (groups of eight), each page's code highlighted as a request of its own
    /// would have it; a block the scan cannot see (in a block quote) is sent when its page asks.
    @Test func aRunOfPagesSendsItsCodeInOneRequestAGroup() throws {
        let highlighter = CodeHighlighter()
        let pages = (0..<20).map { "# Page \($0)\n\n```swift\nlet page = \($0)\n```\n\n```js\nconst same = 1;\n```\n" }
        let readAhead = ReadAhead(run: 0..<20, highlighter: highlighter) { .success(pages[$0]) }
        let direct = CodeHighlighter()
        for index in 0..<20 {
            let page = try #require(readAhead.page(index))
            #expect(try page.text.get() == pages[index])
            let blocks = Self.parsedBlocks(pages[index])
            let answers = page.highlight(blocks)
            #expect(answers == direct.highlight(blocks))
            #expect(answers.allSatisfy { $0?.contains("<span class=\"hljs-") == true }, "\(answers)")
        }
        #expect(highlighter.requests == 3)

        let quoted = "> ```swift\n> let quoted = 1\n> ```\n"
        let late = ReadAhead(run: 0..<1, highlighter: highlighter) { _ in .success(quoted) }
        let blocks = Self.parsedBlocks(quoted)
        #expect(blocks.count == 1)
        let answers = try #require(late.page(0)).highlight(blocks)
        #expect(answers.first??.contains("<span class=\"hljs-keyword\">let</span>") == true, "\(answers)")
        #expect(highlighter.requests == 4)
    }

    @Test func aPageThatIsNotRenderedIsNotRead() {
        let readAhead = ReadAhead(run: 0..<3, highlighter: CodeHighlighter()) { $0 == 1 ? nil : .success("Text.\n") }
        #expect(readAhead.page(0) != nil)
        #expect(readAhead.page(1) == nil)
        #expect(readAhead.page(2) != nil)
    }

    /// Two requests in flight: asking for the second's answers first reads the first's on the way, and keeps them.
    @Test func answersComeBackToTheirOwnRequests() {
        let highlighter = CodeHighlighter()
        let first = highlighter.submit([.init(grammar: "swift", code: "let first = 1")])
        let second = highlighter.submit([.init(grammar: "python", code: "def second(): pass")])
        let secondAnswers = highlighter.answers(second)
        let firstAnswers = highlighter.answers(first)
        #expect(secondAnswers.first??.contains("second") == true, "\(secondAnswers)")
        #expect(firstAnswers.first??.contains("first") == true, "\(firstAnswers)")
        #expect(secondAnswers.first??.contains("first") == false)
    }
}
