import Foundation
import Testing

@testable import FolioKit

/// Pieces of GFM syntax thrown together: every page builds, and every id in it is unique.
@Suite struct GitHubMarkdownRobustnessTests {
    static let pieces = [
        "|", "| ", "-", "---", ":", "~", "~~", "[^1]", "[^a]", "\n[^1]: ", "\n[^a]:", "\n> ", "[!NOTE]", "\n- [ ] ",
        "\n- [x] ", "www.", "http://", "x.com", "@", "a", "é", " ", "\n", "\n\n", "\\", "`", "*", "_", "(", ")",
        "    ", "\n## H\n", "\n```\n", "<", "&amp;", "\"", "'",
    ]

    @Test func randomSyntaxBuildsWithUniqueIds() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<400 {
            let markdown = (0..<(20 + next(60))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            let output = model(markdown, titleFromHeading: false)
            let html = output.model.intro + output.model.sections.map(\.html).joined()
            let ids = html.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(Set(ids).count == ids.count, "duplicate ids for input:\n\(markdown)")
        }
    }
}
