/// GFM's extended autolinks: `www.…`, `http(s)://…`, `ftp://…` and e-mail addresses in text become
/// links, outside links, images and code. A port of cmark-gfm's byte rules: a valid domain, the
/// address running to whitespace or `<`, then trailing punctuation, an unmatched `)` and an entity
/// reference left out of the link.
enum GitHubAutolinks {
    /// Links `www.` and `scheme://` addresses; returns the links it made.
    static func linkURLs(in document: MarkdownDocument) -> Set<MarkdownNode> {
        var made = Set<MarkdownNode>()
        for text in GitHubMarkdown.textNodes(in: document.documentNode, inLinks: false) {
            // Every match starts at a "://" or a "www." (looked for in cmark's text, before copying it).
            guard text.literalContains("://") || text.literalContains("www.") else { continue }
            let bytes = Array(text.literal.utf8)
            var found: [(Range<Int>, String)] = []
            var segment = 0
            var index = 0
            var run = DomainRun()
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: ":"),
                    let range = urlMatch(bytes, colon: index, segment: segment, run: &run)
                {
                    found.append((range, ""))
                    segment = range.upperBound
                    index = range.upperBound
                } else if bytes[index] == UInt8(ascii: "w"), let range = wwwMatch(bytes, at: index, run: &run) {
                    found.append((range, "http://"))
                    segment = range.upperBound
                    index = range.upperBound
                } else {
                    index += 1
                }
            }
            made.formUnion(replace(text, bytes, found, unsmart: true))
        }
        return made
    }

    /// Links e-mail addresses (cmark-gfm does this after the other inline rules).
    static func linkEmails(in document: MarkdownDocument) {
        for text in GitHubMarkdown.textNodes(in: document.documentNode, inLinks: false) {
            guard text.literalContains(UInt8(ascii: "@")) else { continue }
            let bytes = Array(text.literal.utf8)
            var found: [(Range<Int>, String)] = []
            var offset = 0
            while let at = bytes[offset...].firstIndex(of: UInt8(ascii: "@")) {
                if let range = emailMatch(bytes, at: at, segment: offset) {
                    found.append((range, "mailto:"))
                    offset = range.upperBound
                } else {
                    offset = at + 1
                }
                if offset >= bytes.count { break }
            }
            _ = replace(text, bytes, found, unsmart: false)
        }
    }

    // MARK: Matching (cmark-gfm's extensions/autolink.c)

    private static func urlMatch(_ bytes: [UInt8], colon: Int, segment: Int, run: inout DomainRun) -> Range<Int>? {
        guard bytes.count - colon >= 4, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        var start = colon
        while start > segment, isAlpha(bytes[start - 1]) { start -= 1 }
        let scheme = String(decoding: bytes[start..<colon], as: UTF8.self).lowercased()
        guard ["http", "https", "ftp"].contains(scheme), colon + 3 < bytes.count, isHostCharacter(bytes, colon + 3)
        else { return nil }
        let domain = checkDomain(bytes, from: colon + 3, allowShort: true, run: &run)
        guard domain > 0 else { return nil }
        let end = addressEnd(bytes, from: colon + 3 + domain)
        let length = trimTrailing(bytes, from: colon, length: end - colon)
        guard length > 0 else { return nil }
        return start..<(colon + length)
    }

    private static func wwwMatch(_ bytes: [UInt8], at index: Int, run: inout DomainRun) -> Range<Int>? {
        if index > 0, !"*_~(".utf8.contains(bytes[index - 1]), !isSpace(bytes[index - 1]) { return nil }
        guard bytes.count - index >= 4, bytes[index..<(index + 4)].elementsEqual("www.".utf8) else { return nil }
        let domain = checkDomain(bytes, from: index, allowShort: false, run: &run)
        guard domain > 0 else { return nil }
        let end = addressEnd(bytes, from: index + domain)
        let length = trimTrailing(bytes, from: index, length: end - index)
        guard length > 0 else { return nil }
        return index..<(index + length)
    }

    private static func emailMatch(_ bytes: [UInt8], at: Int, segment: Int) -> Range<Int>? {
        var rewind = 0
        var slashes = 0
        while rewind < at - segment {
            let byte = bytes[at - rewind - 1]
            if isAlphanumeric(byte) || ".+-_".utf8.contains(byte) {
                rewind += 1
                continue
            }
            if byte == UInt8(ascii: "/") { slashes += 1 }
            break
        }
        guard rewind > 0, slashes == 0 else { return nil }
        var end = 0
        var ats = 0
        var dots = 0
        let size = bytes.count - at
        while end < size {
            let byte = bytes[at + end]
            if isAlphanumeric(byte) {
            } else if byte == UInt8(ascii: "@") {
                // Two make no address, however the run ends: stop here, not at its end (`a@a@a@…` was quadratic).
                guard ats == 0 else { return nil }
                ats += 1
            } else if byte == UInt8(ascii: "."), end < size - 1, isAlphanumeric(bytes[at + end + 1]) {
                dots += 1
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                break
            }
            end += 1
        }
        guard end >= 2, ats == 1, dots > 0, isAlpha(bytes[at + end - 1]) || bytes[at + end - 1] == UInt8(ascii: ".")
        else { return nil }
        let length = trimTrailing(bytes, from: at, length: end)
        guard length > 0 else { return nil }
        return (at - rewind)..<(at + length)
    }

    /// What the last domain scan of a text found: a later start inside the same run of host characters, with the
    /// same last two periods after it, gets the same answer without scanning the run again (text such as
    /// `www.a_www.a_…` has a candidate every few bytes, and each scanned to the run's end).
    private struct DomainRun {
        /// Where the scan started and where it stopped; -1 before the first scan.
        var start = -1
        var end = -1
        /// The run's last two periods (-1: the scan saw fewer than two).
        var lastPeriod = -1
        var periodBefore = -1
        /// Whether the segments around the last period hold an underscore, which makes no domain.
        var underscores = false
    }

    /// The domain's length from `start` (cmark-gfm's `check_domain`); 0 when not a domain.
    private static func checkDomain(_ bytes: [UInt8], from start: Int, allowShort: Bool, run: inout DomainRun) -> Int {
        let size = bytes.count - start
        guard size >= 2 else { return allowShort && size == 1 ? 1 : 0 }
        // Every byte from here to where the last scan stopped is one it passed, and two periods are still ahead.
        if start > run.start, start < run.periodBefore, start + 1 < run.end {
            return run.underscores ? 0 : run.end - start
        }
        var index = 1
        var periods = 0
        var underscoresBefore = 0
        var underscores = 0
        var lastPeriod = -1
        var periodBefore = -1
        while index < size - 1 {
            let byte = bytes[start + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                periods += 1
                (periodBefore, lastPeriod) = (lastPeriod, start + index)
            } else if !isHostCharacter(bytes, start + index) && byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        let underscored = underscoresBefore > 0 || underscores > 0
        run = DomainRun(
            start: start, end: start + index, lastPeriod: lastPeriod, periodBefore: periodBefore,
            underscores: underscored)
        if underscored { return 0 }
        return allowShort || periods > 0 ? index : 0
    }

    /// Where an address that starts with a domain ending at `start` ends: at whitespace or a `<` (which
    /// `trimTrailing` would cut at), not past the `<` to the text's next space.
    private static func addressEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "<") { end += 1 }
        return end
    }

    /// Leaves trailing punctuation, an unbalanced `)` and a trailing entity out (cmark-gfm's `autolink_delim`).
    /// Curly quotes and `…` count as the straight quotes and dots smart punctuation made them from.
    private static func trimTrailing(_ bytes: [UInt8], from start: Int, length: Int) -> Int {
        var end = length
        if let less = bytes[start..<(start + end)].firstIndex(of: UInt8(ascii: "<")) { end = less - start }
        // Counted at the first `)` left out, then kept up to date: counted again at every `)`, `a))))…` was quadratic.
        var parentheses: (opening: Int, closing: Int)?
        while end > 0 {
            let last = bytes[start + end - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                end -= 1
            } else if end >= 3, bytes[start + end - 3] == 0xE2, bytes[start + end - 2] == 0x80,
                [0x98, 0x99, 0x9C, 0x9D, 0xA6].contains(last)
            {
                end -= 3
            } else if last == UInt8(ascii: ";") {
                var entity = end - 2
                while entity > 0, isAlpha(bytes[start + entity]) { entity -= 1 }
                if entity < end - 2, entity >= 0, bytes[start + entity] == UInt8(ascii: "&") {
                    end = entity
                } else {
                    end -= 1
                }
            } else if last == UInt8(ascii: ")") {
                if parentheses == nil {
                    let slice = bytes[start..<(start + end)]
                    parentheses = (
                        slice.filter { $0 == UInt8(ascii: "(") }.count, slice.filter { $0 == UInt8(ascii: ")") }.count
                    )
                }
                if parentheses!.closing <= parentheses!.opening { break }
                parentheses!.closing -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    // MARK: Characters

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Neither whitespace nor punctuation, read as the UTF-8 character starting at `index`.
    private static func isHostCharacter(_ bytes: [UInt8], _ index: Int) -> Bool {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        return !GitHubStrikethrough.isWhitespace(scalar) && !GitHubStrikethrough.isPunctuation(scalar)
    }

    // MARK: Nodes

    private static func replace(_ text: MarkdownNode, _ bytes: [UInt8], _ found: [(Range<Int>, String)], unsmart: Bool)
        -> [MarkdownNode]
    {
        guard !found.isEmpty else { return [] }
        var pieces: [MarkdownNode] = []
        var links: [MarkdownNode] = []
        var start = 0
        for (range, prefix) in found {
            if start < range.lowerBound {
                pieces.append(.text(String(decoding: bytes[start..<range.lowerBound], as: UTF8.self)))
            }
            var address = String(decoding: bytes[range], as: UTF8.self)
            if unsmart { address = undoSmartPunctuation(address) }
            let link = MarkdownNode(new: .link)
            link.url = prefix + address
            link.append(.text(address))
            pieces.append(link)
            links.append(link)
            start = range.upperBound
        }
        if start < bytes.count { pieces.append(.text(String(decoding: bytes[start...], as: UTF8.self))) }
        GitHubMarkdown.replace(text, with: pieces)
        return links
    }

    /// An address is read before smart punctuation in cmark-gfm, so `it's` and `a--b` stay as typed.
    private static func undoSmartPunctuation(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "\u{2018}", "\u{2019}": result += "'"
            case "\u{201C}", "\u{201D}": result += "\""
            case "\u{2013}": result += "--"
            case "\u{2014}": result += "---"
            case "\u{2026}": result += "..."
            default: result.append(character)
            }
        }
        return result
    }
}
