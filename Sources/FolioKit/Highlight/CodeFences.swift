import Foundation

/// The fenced code of a page's Markdown, found by a quick scan of its lines before the page is parsed: what a render
/// worker sends the highlighter ahead (`ReadAhead`). Not a parser: it reads fences indented by at most three spaces
/// (at the top of the page or in a list item), not those inside block quotes or deeper lists, and can take a line
/// of an HTML block for a fence. A block it misses or misreads costs nothing but time: the page's parsed blocks are
/// matched with what was sent by content, and a block not found is highlighted when its page is parsed.
enum CodeFences {
    /// The blocks of `text` with a language the highlighter knows, in order, as the parser's code blocks give them.
    static func blocks(in text: String) -> [CodeHighlighter.Block] {
        var text = text
        return text.withUTF8 { blocks(in: $0) }
    }

    private struct Fence {
        var marker: UInt8
        var length: Int
        var indent: Int
        /// nil: a language without a grammar, or an info string the scan does not decode (escapes, entities).
        var grammar: String?
    }

    private static let backtick = UInt8(ascii: "`")
    private static let tilde = UInt8(ascii: "~")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    private static func blocks(in bytes: UnsafeBufferPointer<UInt8>) -> [CodeHighlighter.Block] {
        guard let base = bytes.baseAddress else { return [] }
        var found: [CodeHighlighter.Block] = []
        var open: Fence?
        var markers = Markers()
        var code: [UInt8] = []
        var start = 0
        while start < bytes.count {
            if open == nil {
                // Outside a fence only a line that opens one matters: the next line with three backticks or tildes
                // after at most three spaces, found without looking at the lines before it.
                guard let opening = nextOpening(in: bytes, from: start, markers: &markers) else { break }
                start = opening
            }
            var end = bytes.count
            if let newline = memchr(base + start, 10, bytes.count - start) {
                end = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - base
            }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let fence = open {
                if closes(line, fence) {
                    if let grammar = fence.grammar {
                        found.append(.init(grammar: grammar, code: String(decoding: code, as: UTF8.self)))
                    }
                    open = nil
                } else if fence.grammar != nil {
                    var skip = 0
                    while skip < fence.indent, skip < line.count, line[skip] == space { skip += 1 }
                    code += line[skip...]
                    code.append(10)
                }
            } else if let fence = opens(line) {
                open = fence
                code.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        // A fence left open runs to the end of the page.
        if let grammar = open?.grammar {
            found.append(.init(grammar: grammar, code: String(decoding: code, as: UTF8.self)))
        }
        return found
    }

    private static let backticks = Array("```".utf8)
    private static let tildes = Array("~~~".utf8)

    /// Where the next lines with three backticks and with three tildes are, from the scan's place on: each is
    /// looked for again only once the scan is past it, so a page is searched for each pattern about once.
    private struct Markers {
        var backtick: Int? = -1
        var tilde: Int? = -1
    }

    /// Where the next line from `start` (a line's start) begins that holds three backticks or tildes after at most
    /// three spaces: the only lines that can open a fence. nil when none does.
    private static func nextOpening(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, markers: inout Markers
    ) -> Int? {
        var from = start
        while from < bytes.count {
            if let at = markers.backtick, at < from {
                markers.backtick = ByteSearch.find(backticks, in: bytes, from: from)
            }
            if let at = markers.tilde, at < from { markers.tilde = ByteSearch.find(tildes, in: bytes, from: from) }
            guard let found = earlier(markers.backtick, markers.tilde) else { return nil }
            var lineStart = found
            while lineStart > from, found - lineStart < 3, bytes[lineStart - 1] == space { lineStart -= 1 }
            if lineStart == from || bytes[lineStart - 1] == 10 { return lineStart }
            // Not at the line's start: no fence opens on this line.
            guard let newline = memchr(bytes.baseAddress! + found, 10, bytes.count - found) else { return nil }
            from = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! + 1
        }
        return nil
    }

    private static func earlier(_ one: Int?, _ other: Int?) -> Int? {
        guard let one else { return other }
        guard let other else { return one }
        return min(one, other)
    }

    /// The run of `marker` at `index` in `line`: its length.
    private static func run(of marker: UInt8, in line: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var end = index
        while end < line.count, line[end] == marker { end += 1 }
        return end - index
    }

    private static func indent(of line: UnsafeBufferPointer<UInt8>) -> Int? {
        var indent = 0
        while indent < line.count, line[indent] == space { indent += 1 }
        return indent <= 3 ? indent : nil
    }

    private static func opens(_ line: UnsafeBufferPointer<UInt8>) -> Fence? {
        guard let indent = indent(of: line), indent < line.count else { return nil }
        let marker = line[indent]
        guard marker == backtick || marker == tilde else { return nil }
        let length = run(of: marker, in: line, from: indent)
        guard length >= 3 else { return nil }
        let info = line[(indent + length)...]
        if marker == backtick, info.contains(backtick) { return nil }
        var grammar: String?
        if !info.contains(UInt8(ascii: "\\")), !info.contains(UInt8(ascii: "&")) {
            let words = String(decoding: info, as: UTF8.self)
            grammar = CodeLanguage.grammar(forInfo: words.trimmingCharacters(in: .whitespaces))
        }
        return Fence(marker: marker, length: length, indent: indent, grammar: grammar)
    }

    private static func closes(_ line: UnsafeBufferPointer<UInt8>, _ fence: Fence) -> Bool {
        guard let indent = indent(of: line), indent < line.count, line[indent] == fence.marker else { return false }
        let length = run(of: fence.marker, in: line, from: indent)
        guard length >= fence.length else { return false }
        return line[(indent + length)...].allSatisfy { $0 == space || $0 == tab }
    }
}
