import Foundation

/// The link check's side of the build cache, beside it in `.folio-cache/`: each page's ids and links
/// (and `updated:`), so an unchanged page's links are checked again without reading or rendering it.
/// One record a line, tab-separated fields, like the build cache; the last line is `end`, so that a file cut short
/// (a full disk, a copy stopped halfway) is not taken for the facts of fewer pages, or of a page without its ids.
enum PageFactsFile {
    static let format: StaticString = "folio-facts-2"
    static let end = "end\n"

    struct Entry: Sendable {
        var fingerprint: FileFingerprint
        var facts: PageFacts
    }

    /// `.folio-cache/build-<key>.json` → `.folio-cache/build-<key>.facts`.
    static func location(buildCache path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".facts"
    }

    static func encode(_ entries: [String: Entry], siteKey: String = "") -> String {
        // One string appended to, no array of lines: ten thousand pages make tens of megabytes.
        var text = header(siteKey: siteKey)
        text.reserveCapacity(entries.count * 2048)
        for path in entries.keys.sorted() { text += record(path, entries[path]!) }
        return text + end
    }

    static func header(siteKey: String) -> String {
        var key: [UInt8] = []
        appendEscaped(siteKey, to: &key)
        return "\(format)\n" + "key\t" + String(decoding: key, as: UTF8.self) + "\n"
    }

    /// One page's lines: `page`, `ids`, then one `link` line a link. Written as bytes: every page of a build
    /// writes one, and a String appended to field by field cost 3 % of a build.
    static func record(_ path: String, _ entry: Entry) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(128 + entry.facts.ids.count * 24 + entry.facts.links.count * 96)
        // Field by field into the bytes: a line of Strings (numbers made into Strings, an array of them a line) cost
        // five thousand instructions a link.
        func field(_ value: String) {
            text.append(tab)
            appendEscaped(value, to: &text)
        }
        func field(_ number: Int) {
            text.append(tab)
            text.appendDecimal(number)
        }
        let print = entry.fingerprint
        text += "page".utf8
        field(path)
        field(Int(print.size))
        field(Int(print.seconds))
        field(Int(print.nanoseconds))
        field(entry.facts.updated ?? "\u{0}")
        text.append(newline)
        text += "ids".utf8
        for id in entry.facts.ids { field(id) }
        text.append(newline)
        for link in entry.facts.links {
            let (kind, target, fragment): (String, String, String?) =
                switch link.target {
                case .site(let path, let anchor): ("s", path, anchor)
                case .source(let path, let anchor): ("m", path, anchor)
                case .external(let url): ("x", url, nil)
                }
            text += "link".utf8
            field(link.line)
            field(link.column)
            field(link.isImage ? "1" : "0")
            field(link.written)
            field(kind)
            field(target)
            field(fragment ?? "\u{0}")
            text.append(newline)
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")

    /// The facts file written page by page while the build runs, so that no page's facts stay in memory for it
    /// (see `CacheStream`).
    final class Stream: Sendable {
        private let file: CacheStream

        init?(path: String, siteKey: String) {
            guard let file = CacheStream(path: path) else { return nil }
            self.file = file
            append(header(siteKey: siteKey))
        }

        func append(_ text: String) {
            var text = text
            text.withUTF8 { append($0) }
        }

        /// Appends a page's record as it lies in the last build's file (see `CachedFacts.withRecord`).
        func append(_ bytes: UnsafeBufferPointer<UInt8>) { file.append(bytes) }

        /// The file is complete: it ends, and replaces the previous one.
        func finish() {
            append(end)
            file.finish()
        }
    }

    /// The entries, when the file is of this format and, if `siteKey` is given, of the build with that key.
    static func decode(_ text: String, siteKey: String? = nil) -> [String: Entry]? {
        guard text.hasSuffix("\n" + end) else { return nil }
        var text = String(text.dropLast(end.utf8.count))
        return text.withUTF8 { bytes in
            var lines = TabSeparatedLines(bytes)
            guard let format = lines.next(), TabSeparatedLines.equal(format, self.format), let key = lines.next(),
                let fields = Optional(TabSeparatedLines.fields(key)), fields.count == 2,
                TabSeparatedLines.equal(fields[0], "key")
            else { return nil }
            if let siteKey, TabSeparatedLines.string(fields[1]) != siteKey { return nil }
            return decodeRecords(&lines)
        }
    }

    /// The entries of one or more pages' lines, without the file's header (a record `CachedFacts` kept as text).
    static func decodeRecords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: Entry]? {
        var lines = TabSeparatedLines(bytes)
        return decodeRecords(&lines)
    }

    // Bytes, not Substrings: an incremental build reads the facts of every unchanged page (20 MB for 10,000 pages),
    // and splitting them as Strings was two thirds of a build with nothing to do.
    private static func decodeRecords(_ lines: inout TabSeparatedLines) -> [String: Entry]? {
        var entries: [String: Entry] = [:]
        // The page being read, put into `entries` when the next one starts (not looked up again for every link).
        var current: (path: String, entry: Entry)?
        var f: [UnsafeBufferPointer<UInt8>] = []
        while let line = lines.next() {
            TabSeparatedLines.fields(line, into: &f)
            guard let kind = f.first else { return nil }
            if TabSeparatedLines.equal(kind, "page"), f.count == 6 {
                guard let size = TabSeparatedLines.integer(f[2]), let seconds = TabSeparatedLines.integer(f[3]),
                    let nanoseconds = TabSeparatedLines.integer(f[4])
                else { return nil }
                if let done = current { entries[done.path] = done.entry }
                current = (
                    TabSeparatedLines.string(f[1]),
                    Entry(
                        fingerprint: FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds),
                        facts: PageFacts(ids: [], links: [], updated: updated(f[5])))
                )
            } else if TabSeparatedLines.equal(kind, "ids") {
                guard current != nil else { return nil }
                current!.entry.facts.ids = f.dropFirst().map(TabSeparatedLines.string)
            } else if TabSeparatedLines.equal(kind, "link"), f.count == 8 {
                guard current != nil, let (target, line, column) = link(f) else { return nil }
                current!.entry.facts.links.append(
                    PageLink(
                        target: target, line: line, column: column, isImage: TabSeparatedLines.equal(f[3], "1"),
                        written: TabSeparatedLines.string(f[4])))
            } else {
                return nil
            }
        }
        if let done = current { entries[done.path] = done.entry }
        return entries
    }

    /// A page's facts in the form the link check keeps them (`SiteFacts`): its ids joined by NUL, its `updated:`,
    /// its links resolved against the site's pages.
    struct Compact {
        var ids: String
        var updated: String?
        var links: SiteLinks.Resolved
    }

    /// One page's record (its lines, as `CachedFacts` keeps them) decoded straight into its `Compact` form: no
    /// `PageLink`, nor the text its author wrote, for a link to a page or outside the site (all but a few), and the
    /// ids joined where they lie. An incremental build takes every unchanged page's facts this way.
    static func decodeCompact(_ bytes: UnsafeBufferPointer<UInt8>, pageURLs: [String: Int]) -> Compact? {
        var lines = TabSeparatedLines(bytes)
        var f: [UnsafeBufferPointer<UInt8>] = []
        guard let first = lines.next() else { return nil }
        TabSeparatedLines.fields(first, into: &f)
        guard f.count == 6, TabSeparatedLines.equal(f[0], "page") else { return nil }
        var compact = Compact(ids: "", updated: updated(f[5]), links: SiteLinks.Resolved())
        while let line = lines.next() {
            TabSeparatedLines.fields(line, into: &f)
            if TabSeparatedLines.equal(f[0], "ids") {
                var joined: [UInt8] = []
                joined.reserveCapacity(line.count)
                for index in f.indices.dropFirst() {
                    if index > 1 { joined.append(0) }
                    if f[index].contains(92) {
                        joined += TabSeparatedLines.string(f[index]).utf8
                    } else {
                        joined += f[index]
                    }
                }
                compact.ids = String(decoding: joined, as: UTF8.self)
            } else if TabSeparatedLines.equal(f[0], "link"), f.count == 8, let (target, line, column) = link(f) {
                compact.links.add(target, line: line, column: column, pageURLs: pageURLs) {
                    PageLink(
                        target: target, line: line, column: column, isImage: TabSeparatedLines.equal(f[3], "1"),
                        written: TabSeparatedLines.string(f[4]))
                }
            } else {
                return nil
            }
        }
        return compact
    }

    /// The `updated:` of the page whose record (its lines, as `CachedFacts` keeps them) is `bytes`, read from its
    /// first line alone; nil when that is no `page` line.
    static func pageUpdated(_ bytes: UnsafeBufferPointer<UInt8>) -> PageUpdated? {
        var lines = TabSeparatedLines(bytes)
        guard let first = lines.next() else { return nil }
        let f = TabSeparatedLines.fields(first)
        guard f.count == 6, TabSeparatedLines.equal(f[0], "page") else { return nil }
        return PageUpdated(value: updated(f[5]))
    }

    /// A page's front matter `updated:`, when it has one.
    struct PageUpdated {
        var value: String?
    }

    /// A `page` line's `updated:` field (NUL: none).
    private static func updated(_ field: UnsafeBufferPointer<UInt8>) -> String? {
        TabSeparatedLines.equal(field, "\u{0}") ? nil : TabSeparatedLines.string(field)
    }

    /// A `link` line's target, line and column; nil when it is not one.
    private static func link(_ f: [UnsafeBufferPointer<UInt8>]) -> (PageLink.Target, line: Int, column: Int)? {
        guard let line = TabSeparatedLines.integer(f[1]), let column = TabSeparatedLines.integer(f[2]) else {
            return nil
        }
        let fragment = TabSeparatedLines.equal(f[7], "\u{0}") ? nil : TabSeparatedLines.string(f[7])
        let path = TabSeparatedLines.string(f[6])
        let target: PageLink.Target
        if TabSeparatedLines.equal(f[5], "s") {
            target = .site(path: path, fragment: fragment)
        } else if TabSeparatedLines.equal(f[5], "m") {
            target = .source(path: path, fragment: fragment)
        } else if TabSeparatedLines.equal(f[5], "x") {
            target = .external(path)
        } else {
            return nil
        }
        return (target, Int(line), Int(column))
    }

    /// The facts the build with `siteKey` saved at `path` (`folio serve` keeps its own in memory, see `BuildSession`).
    static func load(from path: String, siteKey: String) -> CachedFacts? {
        CacheFolder.readChecked(path).flatMap { CachedFacts(file: $0, siteKey: siteKey) }
    }

    /// Saves the `entries`; in a long-running process (`session`) once its rebuilds pause (where they are also
    /// gathered).
    static func save(
        siteKey: String, to path: String, session: BuildSession?, entries: @escaping @Sendable () -> [String: Entry]
    ) {
        let write: @Sendable () -> Void = {
            var text = encode(entries(), siteKey: siteKey)
            _ = text.withUTF8 { CacheFolder.write(UnsafeRawBufferPointer($0), to: path) }
        }
        guard let session else { return write() }
        session.writes.write(at: path, write)
    }

    /// A field's value as the file holds it (backslash, tab, line feed and carriage return escaped), appended.
    private static func appendEscaped(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            guard utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 92 }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case 92: bytes += [92, 92]
                case 9: bytes += [92, UInt8(ascii: "t")]
                case 10: bytes += [92, UInt8(ascii: "n")]
                case 13: bytes += [92, UInt8(ascii: "r")]
                default: bytes.append(byte)
                }
            }
        }
    }
}
