import Testing

@testable import FolioKit

/// Heading ids as GitHub makes them, the ASCII way and the Unicode way alike.
@Suite struct SlugTests {
    func ascii(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { Slugger.asciiSlug($0) }
    }

    @Test func theByteWayAgreesWithUnicodesRulesOnEveryASCIICharacter() {
        for byte in UInt8(0)..<0x80 {
            let text = "A" + String(UnicodeScalar(byte)) + "z 9"
            #expect(ascii(text) == Slugger.unicodeSlug(text), "byte \(byte)")
        }
    }

    @Test func theByteWayAgreesOnMixedHeadings() {
        var generator = SeededGenerator(state: 2026)
        let alphabet = Array("Aa Zz09_-.,:;!?'\"()[]{}<>/\\|@#$%^&*+=~`\t".unicodeScalars)
        for _ in 0..<500 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String(
                String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
            #expect(ascii(text) == Slugger.unicodeSlug(text), "\(text)")
        }
    }

    @Test func headingsBecomeGitHubsIds() {
        #expect(Slugger.slug("Section 1") == "section-1")
        #expect(Slugger.slug("What's new?  (v2.0)") == "whats-new--v20")
        #expect(Slugger.slug("snake_case and-dash") == "snake_case-and-dash")
        #expect(Slugger.slug("Überblick: Äpfel") == "überblick-äpfel", "non-ASCII takes Unicode's way")
        #expect(ascii("Überblick") == nil)
    }
}
