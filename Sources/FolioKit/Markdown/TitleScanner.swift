/// Finds a document's first `#` heading without parsing the whole document,
/// so every page's title is known before any page is rendered.
enum TitleScanner {
    /// The first level-1 heading's text (attributes removed), or nil.
    static func firstHeadingTitle(_ markdown: String) -> String? {
        // Parse growing prefixes that end at a line that could open or close a level-1 heading;
        // the blocks of a prefix are the document's own up to that line.
        var end = markdown.utf8.startIndex
        var attempts = 0
        while let candidate = nextCandidateLineEnd(in: markdown, after: end) {
            attempts += 1
            if attempts > 8 { break }
            end = candidate
            let document = MarkdownDocument(parsing: String(markdown[..<end]), unsafeHTML: false)
            if let heading = document.blocks.first(where: { $0.kind == .heading && $0.headingLevel == 1 }) {
                return title(of: heading)
            }
        }
        guard attempts > 8 else { return nil }
        let document = MarkdownDocument(parsing: markdown, unsafeHTML: false)
        return document.blocks.first { $0.kind == .heading && $0.headingLevel == 1 }.map(title)
    }

    static func title(of heading: MarkdownNode) -> String {
        if let last = heading.lastChild, last.kind == .text, let split = HeadingAttributes.split(last.literal) {
            last.literal = split.text
        }
        return heading.plainText.trimmingWhitespace()
    }

    /// The end of the next line that starts with `#` or consists of `=` (after up to three spaces).
    private static func nextCandidateLineEnd(in text: String, after start: String.Index) -> String.Index? {
        let bytes = text.utf8
        var index = start
        while index < bytes.endIndex {
            let lineEnd =
                bytes[index...].firstIndex(of: UInt8(ascii: "\n")).map { bytes.index(after: $0) } ?? bytes.endIndex
            var first = index
            var spaces = 0
            while first < lineEnd, bytes[first] == UInt8(ascii: " "), spaces < 3 {
                first = bytes.index(after: first)
                spaces += 1
            }
            if first < lineEnd, bytes[first] == UInt8(ascii: "#") || bytes[first] == UInt8(ascii: "=") {
                return lineEnd
            }
            index = lineEnd
        }
        return nil
    }
}
