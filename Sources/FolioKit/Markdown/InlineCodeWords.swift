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
            // Most code holds no such word: looked for before anything is copied.
            var found = false
            forEachCode(in: bytes) { code, _ in
                if !found { found = runs(of: code) { _, keptWhole in keptWhole } }
            }
            guard found else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 64)
            var start = 0
            forEachCode(in: bytes) { code, isBlock in
                output.append(contentsOf: bytes[start..<code.startIndex])
                if isBlock {
                    output.append(contentsOf: code)
                } else {
                    _ = runs(of: code) { run, keptWhole in
                        if keptWhole { output.append(contentsOf: spanOpen) }
                        output.append(contentsOf: run)
                        if keptWhole { output.append(contentsOf: spanClose) }
                        return false
                    }
                }
                start = code.endIndex
            }
            output.append(contentsOf: bytes[start...])
            return String(decoding: output, as: UTF8.self)
        }
        return result ?? html
    }

    /// Calls `body` with the text of each `<code>` element of `html` and whether it is a code block's.
    private static func forEachCode(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>, _ isBlock: Bool) -> Void
    ) {
        var start = 0
        while let at = ByteSearch.find(open, in: bytes, from: start) {
            let contentStart = at + open.count
            guard let end = ByteSearch.find(close, in: bytes, from: contentStart) else { break }
            body(bytes[contentStart..<end], at >= block.count && bytes[(at - block.count)..<at].elementsEqual(block))
            start = end
        }
    }

    /// Calls `body` with each run of the code's text, a space or a word, and whether the run is a short word with a
    /// break opportunity inside it (to be kept whole); stops when `body` returns true, and returns whether it did.
    private static func runs(
        of text: Slice<UnsafeBufferPointer<UInt8>>,
        _ body: (Slice<UnsafeBufferPointer<UInt8>>, _ keptWhole: Bool) -> Bool
    ) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: " ") {
                if body(text[index..<index + 1], false) { return true }
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
            if body(text[index..<wordEnd], breakable && !markup && wordEnd - index <= longest) { return true }
            index = wordEnd
        }
        return false
    }
}
