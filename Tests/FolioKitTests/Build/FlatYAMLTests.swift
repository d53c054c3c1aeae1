import Foundation
import Testing
import Yams

@testable import FolioKit

/// Flat front matter is read without libyaml; whatever it reads must be what Yams reads, entry by entry: the same
/// keys, places, strings, styles, tags and typed values (true, 3, null …), and no text Yams rejects.
@Suite struct FlatYAMLTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every fact of a node a front matter reader can ask for.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            return "scalar(\(scalar.string.debugDescription) \(scalar.style) \(scalar.tag) bool \(node.bool as Any) "
                + "int \(node.int as Any) float \(node.float as Any) \(YAMLDocument.value(node)))"
        case .sequence(let sequence):
            return "sequence(\(sequence.style) \(sequence.tag) [\(sequence.map(describe).joined(separator: ", "))])"
        case .mapping(let mapping):
            return "mapping(\(mapping.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ")))"
        case .alias:
            return "alias"
        }
    }

    static func describe(_ entries: [YAMLDocument.Entry]) -> [String] {
        entries.map { "\($0.key) \($0.keyLine):\($0.keyColumn) \($0.line):\($0.column) \(describe($0.node))" }
    }

    /// nil when the flat reader leaves the text to Yams; else a mismatch with Yams, or "" when they agree.
    static func compare(_ yaml: String) -> String? {
        let tag = { Tag($0, .basic, Constructor.default) }
        guard let flat = FlatYAML.entries(yaml, lineOffset: 1, tag: tag) else { return nil }
        var diagnostics = Diagnostics()
        guard let yams = YAMLDocument.parse(yaml, path: "x.md", lineOffset: 1, diagnostics: &diagnostics)
        else {
            return "Yams rejects what the flat reader read: \(yaml.debugDescription) \(diagnostics.all)"
        }
        let expected = describe(yams.entries)
        let got = describe(flat)
        return expected == got ? "" : "\(yaml.debugDescription):\n  Yams \(expected)\n  flat \(got)"
    }

    @Test func readsWhatYamsReadsOnCommonFrontMatter() {
        let read = [
            "title: Hello world\n", "weight: -3\ndraft: yes\n", "date: 2024-04-04\nview: tabs > paged\n",
            "tags: []\n", "tags: [a, b c,  d ]\n", "tags: [ ]\n", "title: \"Quoted: text #1\"\n",
            "title: 'Single # quoted'\n", "title: Größe — ok\n", "title: C# and F#\n", "url: http://x.y/z?a=b\n",
            "n: 1.5\nm: 0x1F\nnull-ish: ~\nnothing: null\n", "title:    spaced   \n", "draft: off\nmaybe: On\n",
            "\n# a comment\ntitle: After a comment\n\n", "_private: 1\nsnake_case-and-dash: x\n",
            "title: a:b and a :b\n", "tags: [1, 2.5, true, -4]\n", "title: 日本語のタイトル\n", "empty: ''\n",
            "title: \"\"\n", "segments: [Pages, All]\ntransition: fade\n", "",
        ]
        for yaml in read {
            #expect(Self.compare(yaml) == "", "\(yaml.debugDescription)")
        }
    }

    @Test func leavesEverythingElseToYams() {
        let left = [
            "title: a: b\n", "title: a #c\n", "title: |\n  block\n", "x: &a b\ny: *a\n", "x: !str b\n", "a: 1\na: 2\n",
            "  indented: 1\n", "title: \"esc\\n\"\n", "t: 'it''s'\n", "t: [a, [b]]\n", "t: [a,, b]\n", "t: [a, b,]\n",
            "k:\n", "k:v\n", "- a\n", "t: x\u{2028}y\n", "t: x\u{85}y\n", "t: \u{FEFF}x\n", "x: -\n", "x: - a\n",
            "t: x:\n", "t: {a: b}\n", "appearance:\n  tint: red\n", "t: a\n  continued\n", "t: \"open\n", "t: a\tb\n",
            "t: [\"q\"]\n", "t: [a: b]\n", "t: %x\n", "t: @x\n", "t: `x`\n", "t: ? x\n", "1key: v\n", "t: x\r\n",
        ]
        for yaml in left {
            #expect(Self.compare(yaml) == nil, "\(yaml.debugDescription) must be left to Yams")
        }
    }

    /// Lines made of the pieces front matter is written with, and of those YAML gives a meaning of its own: whenever
    /// the flat reader reads a document, Yams must read it, and read the same.
    @Test func agreesWithYamsOnThousandsOfRandomDocuments() {
        let keys = ["title", "tags", "k-1", "_x", "a", "draft"]
        let separators = [": ", ":", ":  ", " : ", ":\t"]
        let pieces = [
            "a", "b c", "-3", "1.5", "yes", "~", "null", "\"q\"", "'s'", "[a, b]", "[]", "[a,,b]", "#x", " #c", ": ",
            "é", "\u{2028}", "\t", "{a}", "&a", "*a", "!t", "|", "-", "- a", "x:", "0x1F", "2024-04-04", "http://x",
            " ", "'", "\"", "[", "]", ",", "\\", "\u{7}", "日本", "\u{1F600}", "..", "---", "%", "?", ">",
        ]
        var random = SeededGenerator(state: 0x5eed)
        var read = 0
        for _ in 0..<4000 {
            var yaml = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: yaml += "\n"
                case 1: yaml += "# note\n"
                default:
                    yaml += keys.randomElement(using: &random)! + separators.randomElement(using: &random)!
                    for _ in 0..<Int.random(in: 1...3, using: &random) { yaml += pieces.randomElement(using: &random)! }
                    yaml += "\n"
                }
            }
            guard let result = Self.compare(yaml) else { continue }
            read += 1
            #expect(result == "")
        }
        #expect(read > 400, "the random documents include flat ones (\(read))")
    }

    /// The guide's own pages and the test fixtures: each front matter the flat reader reads, it reads as Yams does;
    /// and it reads most of the guide's.
    @Test func readsTheGuidesFrontMatterAsYamsDoes() throws {
        var pages = 0
        var read = 0
        for folder in ["Content", "Tests/Fixtures"] {
            let root = Self.repository.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "md", let text = try? String(contentsOf: url, encoding: .utf8) else {
                    continue
                }
                var diagnostics = Diagnostics()
                let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
                guard let yaml = FrontMatterParser.split(normalized, path: "x", diagnostics: &diagnostics).yaml else {
                    continue
                }
                if folder == "Content" { pages += 1 }
                guard let result = Self.compare(yaml) else { continue }
                if folder == "Content" { read += 1 }
                #expect(result == "", "\(url.path)")
            }
        }
        #expect(pages > 20 && read * 10 >= pages * 8, "\(read) of \(pages) guide pages read flat")
    }
}
