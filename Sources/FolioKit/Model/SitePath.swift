import Foundation

/// Site paths are `/`-separated, begin with `/`, and name directories with a trailing `/`.
enum SitePath {
    /// The page URL of a content-relative Markdown path: `a/b.md` → `/a/b/`, `a/index.md` → `/a/`.
    static func pageURL(forSource source: String, slug: String? = nil) -> String {
        var parts = source.split(separator: "/").map(String.init)
        guard var last = parts.popLast() else { return "/" }
        if isMarkdown(last) { last = String(last.dropLast(3)) }
        if last != "index" { parts.append(last) }
        if let slug, !slug.isEmpty {
            if parts.isEmpty { parts.append(slug) } else { parts[parts.count - 1] = slug }
        }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    /// Whether the file at `path` is a page: its name ends in `.md`, in any case, the dot a character of its own (a
    /// Unicode "prepend" character, U+0600, before it makes `؀.md` one character, and such a name a file). By byte
    /// when an ASCII character stands before the dot: the reader asks for every file, the link policy for every link.
    static func isMarkdown(_ path: String) -> Bool {
        let bytes = path.utf8
        let tail = bytes.suffix(3)
        guard tail.count == 3, tail.first == UInt8(ascii: "."),
            tail.dropFirst().elementsEqual("md".utf8, by: { $0 | 0x20 == $1 })
        else { return false }
        guard let before = bytes.dropLast(3).last, before >= 0x80 else { return true }
        return path.lowercased().hasSuffix(".md")
    }

    /// The directory part of a content-relative path (`a/b.md` → `a`).
    /// The slash is looked for in the UTF-8 view: this runs for every link and every output file, and walking
    /// characters backwards cost thousands of instructions a call.
    static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: slash) else { return "" }
        return String(path[..<slash])
    }

    /// Joins and normalises `.` and `..` (never above the root).
    /// Paths are read as UTF-8 bytes and the result written straight into the String, where each segment starts kept
    /// on the stack: this runs for every link of every page.
    static func join(directory: String, _ relative: String) -> String {
        var directory = directory
        var relative = relative
        return directory.withUTF8 { directory in
            relative.withUTF8 { relative in
                let capacity = directory.count + relative.count + 1
                // Where each segment of the result begins (its slash included), for `..`.
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { starts in
                    String(unsafeUninitializedCapacity: capacity) { out in
                        var length = 0
                        var depth = 0
                        func append(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) {
                            starts[depth] = length
                            depth += 1
                            if length > 0 {
                                out[length] = slash
                                length += 1
                            }
                            for index in segment {
                                out[length] = bytes[index]
                                length += 1
                            }
                        }
                        if relative.first != slash {
                            var segments = Segments(directory)
                            while let segment = segments.next() { append(directory, segment) }
                        }
                        var segments = Segments(relative)
                        while let segment = segments.next() {
                            let dots = relative[segment].allSatisfy { $0 == UInt8(ascii: ".") } ? segment.count : 0
                            if dots == 1 { continue }
                            if dots == 2 {
                                if depth > 0 {
                                    depth -= 1
                                    length = starts[depth]
                                }
                            } else {
                                append(relative, segment)
                            }
                        }
                        return length
                    }
                }
            }
        }
    }

    /// A relative link from the page at `from` (a directory URL) to `to` (a site path), as it stands in an `href`:
    /// the bytes of `to`'s segments a URL path cannot hold as they are percent-encoded (`c#/` → `c%23/`), and a first
    /// segment with a colon after `./`, so that it is no scheme.
    /// Read as UTF-8 bytes without splitting: the sidebar, breadcrumbs and every link of a page ask for one.
    static func relative(from: String, to: String) -> String {
        var from = from
        var to = to
        return from.withUTF8 { from in
            to.withUTF8 { to in
                let toFolder = to.last == slash
                var fromSegments = Segments(from)
                var toSegments = Segments(to)
                var up = 0
                // The first segment of `to` not shared with `from`. A file's own name is never shared.
                var rest: Range<Int>?
                while true {
                    let own = fromSegments.next()
                    guard let target = toSegments.next() else {
                        if own != nil { up = 1 + fromSegments.remaining }
                        break
                    }
                    guard let own else {
                        rest = target
                        break
                    }
                    let isFileName = !toFolder && toSegments.remaining == 0
                    if isFileName || !from[own].elementsEqual(to[target]) {
                        up = 1 + fromSegments.remaining
                        rest = target
                        break
                    }
                }
                var out: [UInt8] = []
                out.reserveCapacity(3 * up + to.count)
                for _ in 0..<up { out.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "."), slash]) }
                if var segment = rest {
                    // `c:x/` would be read as a URL of the scheme `c:` (and `javascript:alert(1)/` run): `./c:x/`.
                    if up == 0, to[segment].contains(UInt8(ascii: ":")) {
                        out.append(contentsOf: [UInt8(ascii: "."), slash])
                    }
                    while true {
                        appendEncoded(to[segment], to: &out)
                        guard let next = toSegments.next() else { break }
                        out.append(slash)
                        segment = next
                    }
                    if toFolder { out.append(slash) }
                }
                return out.isEmpty ? "./" : String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// A site path as it stands in a URL (`/c#/` → `/c%23/`): see `needsEncoding`. Letters of every script are kept:
    /// HTML and browsers take them as they are, and a site of such pages keeps its links as before.
    static func encoded(_ path: String) -> String {
        guard path.utf8.contains(where: needsEncoding) else { return path }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + 8)
        appendEncoded(path.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The site path a path written in a URL names (`my%20notes.md` → `my notes.md`); as written when it holds no
    /// valid percent-encoding. Only decoded when there is something to decode (Foundation's is slow).
    static func decoded(_ path: String) -> String {
        guard ByteSearch.contains(path, byte: UInt8(ascii: "%")) else { return path }
        return path.removingPercentEncoding ?? path
    }

    /// Whether `path` is all ASCII: then its bytes are the only way to write it (composed and decomposed forms
    /// differ only beyond ASCII).
    static func isASCII(_ path: String) -> Bool { path.utf8.allSatisfy { $0 < 0x80 } }

    /// Controls, space, and `"` `#` `%` `<` `>` `?` `[` `\` `]` `^` `` ` `` `{` `|` `}`: the ASCII bytes a URL's path
    /// cannot hold as they are (WHATWG URL's path percent-encode set, with `%` itself and the brackets).
    static func needsEncoding(_ byte: UInt8) -> Bool {
        if byte < 0x40 { return (encodedBelow64 >> UInt64(byte)) & 1 == 1 }
        return byte < 0x80 && (encodedFrom64 >> UInt64(byte - 0x40)) & 1 == 1
    }

    private static let encodedBelow64: UInt64 = {
        var mask: UInt64 = (1 << 0x21) - 1  // controls and space
        for byte in "\"#%<>?".utf8 { mask |= 1 << UInt64(byte) }
        return mask
    }()

    private static let encodedFrom64: UInt64 = {
        var mask: UInt64 = 1 << (0x7F - 0x40)  // DEL
        for byte in "[\\]^`{|}".utf8 { mask |= 1 << UInt64(byte - 0x40) }
        return mask
    }()

    private static func appendEncoded<Bytes: Collection>(_ bytes: Bytes, to out: inout [UInt8])
    where Bytes.Element == UInt8 {
        guard bytes.contains(where: needsEncoding) else { return out.append(contentsOf: bytes) }
        func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10 }
        for byte in bytes {
            if needsEncoding(byte) {
                out.append(UInt8(ascii: "%"))
                out.append(hex(byte >> 4))
                out.append(hex(byte & 0xF))
            } else {
                out.append(byte)
            }
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// The non-empty `/`-separated segments of a path's bytes, as ranges.
    private struct Segments {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> Range<Int>? {
            while index < bytes.count, bytes[index] == SitePath.slash { index += 1 }
            guard index < bytes.count else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != SitePath.slash { index += 1 }
            return start..<index
        }

        /// How many segments are left.
        var remaining: Int {
            var copy = self
            var count = 0
            while copy.next() != nil { count += 1 }
            return count
        }
    }

    /// `../../` for `/a/b/`: the way back from a page to the site root.
    static func root(from url: String) -> String {
        let depth = url.split(separator: "/").count
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }
}
