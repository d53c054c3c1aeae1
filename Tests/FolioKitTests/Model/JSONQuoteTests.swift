import Foundation
import Testing

@testable import FolioKit

/// `folio model` and `folio build --format json` quote every string the same way: what a JSON reader reads back is
/// the text itself, whatever it holds.
@Suite struct JSONQuoteTests {
    func readBack(_ literal: String) throws -> String? {
        (try JSONSerialization.jsonObject(with: Data(("[" + literal + "]").utf8)) as? [String])?.first
    }

    @Test func everyTextReadsBackAsItself() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar($0)! }))
        let texts = [
            "", "plain text", "https://example.com/docs?q=a&b=c#top", "quote \" and backslash \\ and slash /",
            controls, "tab\tline\nreturn\r", "Café 東京 🦊 \u{2028}\u{2029} \u{7f}", "\"", "\\", "\u{0}",
        ]
        for text in texts {
            #expect(try readBack(ModelJSON.quote(text)) == text, "\(text.debugDescription)")
        }
    }

    @Test func escapesAreTheShortOnes() {
        #expect(ModelJSON.quote("a\"b\\c") == #""a\"b\\c""#)
        #expect(ModelJSON.quote("\n\r\t") == #""\n\r\t""#)
        #expect(ModelJSON.quote("\u{1}\u{1f}") == #""\u0001\u001f""#)
        #expect(ModelJSON.quote("é/") == "\"é/\"")
    }
}
