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

    @Test func aFieldReadsBackAsItWasWrittenWhateverItHolds() {
        // Tab, line breaks and backslash are escaped; every other byte (control characters, non-ASCII, a small
        // string stored inline) is written as it is.
        let fields = [
            "", "plain", "a\tb", "line\nbreak", "carriage\rreturn", "back\\slash", "\\t not a tab",
            "\u{0}\u{1}\u{b}\u{c}\u{e}\u{1f}", "é東京 😀", String(repeating: "long ", count: 40) + "\t",
        ]
        for field in fields {
            var bytes: [UInt8] = []
            TabSeparatedLines.appendEscaped(field, to: &bytes)
            #expect(!bytes.contains(9) && !bytes.contains(10) && !bytes.contains(13), "\(field.debugDescription)")
            let read = bytes.withUnsafeBufferPointer { TabSeparatedLines.string($0) }
            #expect(read == field, "\(field.debugDescription)")
        }
    }
}
