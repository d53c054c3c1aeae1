import Testing

@testable import FolioKit

/// The cache files' lines and fields, split on their bytes.
@Suite struct TabSeparatedLinesTests {
    func split(_ text: String) -> [[String]] {
        var text = text
        return text.withUTF8 { bytes in
            var lines = TabSeparatedLines(bytes)
            var found: [[String]] = []
            var fields: [UnsafeBufferPointer<UInt8>] = [UnsafeBufferPointer(start: nil, count: 0)]
            while let line = lines.next() {
                TabSeparatedLines.fields(line, into: &fields)
                #expect(fields.map(Array.init) == TabSeparatedLines.fields(line).map(Array.init))
                found.append(fields.map { String(decoding: $0, as: UTF8.self) })
            }
            return found
        }
    }

    @Test func linesSkipEmptyOnesAndFieldsKeepEmptyOnes() {
        #expect(split("") == [])
        #expect(split("\n\n") == [])
        #expect(split("one") == [["one"]])
        #expect(split("a\tb\n\nc\t\t\n") == [["a", "b"], ["c", "", ""]])
        #expect(split("\tlead\ttrail\t") == [["", "lead", "trail", ""]])
        #expect(split("é\t東京\n\\t\tx") == [["é", "東京"], ["\\t", "x"]])
        let long = String(repeating: "word\t", count: 300) + "end"
        let fields = Array(repeating: "word", count: 300) + ["end"]
        #expect(split(long + "\n" + long) == [fields, fields])
    }
}
