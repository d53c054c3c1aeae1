/// Inline code breaks only where a line must: a short word of code with a hyphen or a slash in it
/// (`--output`, `swift-format`, `Content/site.yml`) is kept whole, as `<span class="nowrap">`, so
/// the browser never leaves a lone `-` or `/` at the end of a line; it moves the word to the next line
/// instead. Longer words (more than `longest` bytes) stay breakable: a phone's line must break them.
///
/// Runs on every block after `FocusableCode`, scanning UTF-8 bytes. Code blocks (`<pre …><code`) and
/// any word holding markup are left as they are.
enum InlineCodeWords {
    static let longest = 32
    private static let open = Array("<code>".utf8)
    private static let close = Array("</code>".utf8)
    private static let block = Array("<pre tabindex=\"0\">".utf8)
    private static let spanOpen = Array("<span class=\"nowrap\">".utf8)
    private static let spanClose = Array("</span>".utf8)

    static func apply(_ html: String) -> String {
        var html = html
        let result: String? = html.withUTF8 { bytes in
            guard ByteSearch.find(open, in: bytes, from: 0) != nil else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 64)
            var start = 0
            var changed = false
            while let at = ByteSearch.find(open, in: bytes, from: start) {
                let contentStart = at + open.count
                guard let end = ByteSearch.find(close, in: bytes, from: contentStart) else { break }
                output.append(contentsOf: bytes[start..<contentStart])
                if at >= block.count, bytes[(at - block.count)..<at].elementsEqual(block) {
                    output.append(contentsOf: bytes[contentStart..<end])
                } else {
                    changed = wrapWords(bytes[contentStart..<end], into: &output) || changed
                }
                start = end
            }
            guard changed else { return nil }
            output.append(contentsOf: bytes[start...])
            return String(decoding: output, as: UTF8.self)
        }
        return result ?? html
    }

    /// Copies the code's text, each short word with a break opportunity inside it wrapped; true if one was.
    private static func wrapWords(_ text: Slice<UnsafeBufferPointer<UInt8>>, into output: inout [UInt8]) -> Bool {
        var wrapped = false
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: " ") {
                output.append(text[index])
                index += 1
                continue
            }
            var wordEnd = index
            var breakable = false
            var markup = false
            while wordEnd < text.endIndex, text[wordEnd] != UInt8(ascii: " ") {
                switch text[wordEnd] {
                case UInt8(ascii: "-"), UInt8(ascii: "/"): breakable = true
                case UInt8(ascii: "<"), UInt8(ascii: ">"): markup = true
                default: break
                }
                wordEnd += 1
            }
            let word = text[index..<wordEnd]
            if breakable, !markup, word.count <= longest {
                output.append(contentsOf: spanOpen)
                output.append(contentsOf: word)
                output.append(contentsOf: spanClose)
                wrapped = true
            } else {
                output.append(contentsOf: word)
            }
            index = wordEnd
        }
        return wrapped
    }
}
