import Testing

@testable import FolioKit

/// Substring tests on bytes, as the Markdown passes use them on every page.
@Suite struct ByteSearchTests {
    @Test func findsANeedleAnywhereAndOnlyWhole() {
        #expect(ByteSearch.contains("a footnote[^1] here", "[^"))
        #expect(ByteSearch.contains("[^", "[^"))
        #expect(ByteSearch.contains("ends with ]:", "]:"))
        #expect(!ByteSearch.contains("[ ^ no", "[^"))
        #expect(!ByteSearch.contains("[", "[^"), "a needle longer than the text")
        #expect(!ByteSearch.contains("", "[^"))
        #expect(ByteSearch.contains("é[^x]", "[^"), "after a multi-byte character")
    }

    @Test func findsEachOccurrenceFromWhereItIsAsked() {
        func find(_ text: String, _ pattern: String, from start: Int) -> Int? {
            var text = text
            return text.withUTF8 { ByteSearch.find(Array(pattern.utf8), in: $0, from: start) }
        }
        let html = "<pre><code>a</code></pre><pre><code>b"
        #expect(find(html, "<pre><code>", from: 0) == 0, "at the very start")
        #expect(find(html, "<pre><code>", from: 1) == 25, "the next one, ending at the very end")
        #expect(find(html, "<pre><code>", from: 26) == nil)
        #expect(find(html, "<pre><code>", from: html.utf8.count) == nil, "from the end")
        #expect(find("<<pre>", "<pre>", from: 0) == 1, "a first byte that starts no match is skipped")
        #expect(find("é<pre", "<pre>", from: 0) == nil, "a match cut off by the end")
        #expect(find("", "<pre>", from: 0) == nil)
    }

    /// Texts of two or three letters, so that a pattern's first byte stands everywhere, and patterns half of them cut
    /// from the text itself (matches at its very end among them): every pattern, from every start, is found where a
    /// byte-by-byte search finds it.
    @Test func findsWhatAByteByByteSearchFinds() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func naive(_ pattern: [UInt8], in text: [UInt8], from start: Int) -> Int? {
            guard start >= 0, text.count - start >= pattern.count else { return nil }
            return (start...(text.count - pattern.count)).first {
                text[$0..<($0 + pattern.count)].elementsEqual(pattern)
            }
        }
        var found = 0
        for round in 0..<400 {
            let letters = Array((round % 2 == 0 ? "<p" : "<pe").utf8)
            let text = (0..<next(80)).map { _ in letters[next(letters.count)] }
            let length = 1 + next(6)
            let pattern =
                round % 2 == 0 && text.count >= length
                ? Array(text[(text.count - length - next(text.count - length + 1))...].prefix(length))
                : (0..<length).map { _ in letters[next(letters.count)] }
            for start in 0...text.count {
                let expected = naive(pattern, in: text, from: start)
                if expected != nil { found += 1 }
                let result = text.withUnsafeBufferPointer { ByteSearch.find(pattern, in: $0, from: start) }
                #expect(result == expected, "\(text) \(pattern) from \(start)")
            }
        }
        #expect(found > 1000, "the texts hold their patterns often enough to test the finding")
    }
}
