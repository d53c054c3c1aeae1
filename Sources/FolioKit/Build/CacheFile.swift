/// The build cache on disk: one record a line, fields separated by tabs. Far faster to read and write
/// than JSON for ten thousand pages, which keeps a one-page rebuild within its budget.
enum CacheFile {
    /// The file's bytes, written field by field (no String per field or line: a site of 10,000 pages saves its cache
    /// after every build that renders).
    static func encode(_ cache: BuildCache) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(cache) { bytes += $0 }
        return bytes
    }

    /// The cache's bytes, given to `emit` in pieces of about 64 KB, sorted by path (`folio serve` saves its cache this
    /// way; `folio build` streams it as it renders: `BuildCacheStream`).
    static func encode(_ cache: BuildCache, _ emit: (UnsafeRawBufferPointer) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(70_000)
        func emitPiece(over size: Int) {
            guard bytes.count > size else { return }
            bytes.withUnsafeBytes(emit)
            bytes.removeAll(keepingCapacity: true)
        }
        appendHeader(siteKey: cache.siteKey, to: &bytes)
        if let output = cache.output { appendOutput(output, to: &bytes) }
        for path in cache.staticFiles.keys.sorted() {
            appendStatic(path, cache.staticFiles[path]!, to: &bytes)
            emitPiece(over: 65536)
        }
        var styles: [String: BuildCache.CachedStyle] = [:]
        for path in cache.pages.keys.sorted() {
            let page = cache.pages[path]!
            for style in page.styles { styles[style.name] = style }
            appendPage(path, page, to: &bytes)
            emitPiece(over: 65536)
        }
        for name in styles.keys.sorted() {
            appendStyle(styles[name]!, to: &bytes)
            emitPiece(over: 65536)
        }
        emitPiece(over: 0)
    }

    // The file's lines, each appended to `bytes` whole. Only the first two have their place (the format, the site
    // key); a page's problems follow its own line; the others may come in any order (`BuildCacheStream` writes each
    // page's as it is rendered).

    /// The format's line, then the site key's.
    static func appendHeader(siteKey: String, to bytes: inout [UInt8]) {
        bytes += BuildCache.format.utf8
        bytes.append(10)
        bytes += "key".utf8
        field(siteKey, to: &bytes)
        bytes.append(10)
    }

    /// The output folder's identity (`BuildCache.output`).
    static func appendOutput(_ output: [Int], to bytes: inout [UInt8]) {
        bytes += "output".utf8
        for value in output { number(value, to: &bytes) }
        bytes.append(10)
    }

    static func appendStatic(_ path: String, _ print: FileFingerprint, to bytes: inout [UInt8]) {
        bytes += "static".utf8
        field(path, to: &bytes)
        fingerprint(print, to: &bytes)
        bytes.append(10)
    }

    /// A page's line, then a line for each of its problems. Its styles are named only: each style's own line
    /// (`appendStyle`) is written once for all the pages that name it.
    static func appendPage(_ path: String, _ page: BuildCache.PageRecord, to bytes: inout [UInt8]) {
        func absentOr(_ value: String?) { field(value ?? "\u{0}", to: &bytes) }
        bytes += "page".utf8
        field(path, to: &bytes)
        fingerprint(page.fingerprint, to: &bytes)
        field(page.url, to: &bytes)
        field(page.title, to: &bytes)
        absentOr(page.listing.description)
        absentOr(page.listing.date)
        absentOr(page.listing.weight.map(String.init))
        field(page.listing.draft ? "1" : "0", to: &bytes)
        field(page.listing.layout, to: &bytes)
        absentOr(page.listing.layoutPosition.map { "\($0.line):\($0.column)" })
        absentOr(page.listing.container)
        number(page.sections, to: &bytes)
        number(page.views, to: &bytes)
        // The page's style names, sorted: a page lists its styles in no particular order.
        field(page.styles.map(\.name).sorted().joined(separator: ","), to: &bytes)
        bytes.append(10)
        for (kind, list) in [("front", page.frontDiagnostics), ("render", page.renderDiagnostics)] {
            for diagnostic in list {
                bytes += "diag".utf8
                field(kind, to: &bytes)
                field(diagnostic.path, to: &bytes)
                number(diagnostic.line, to: &bytes)
                number(diagnostic.column, to: &bytes)
                field(diagnostic.warning ? "w" : "e", to: &bytes)
                field(diagnostic.message, to: &bytes)
                bytes.append(10)
            }
        }
    }

    static func appendStyle(_ style: BuildCache.CachedStyle, to bytes: inout [UInt8]) {
        let colors = style.colors.keys.sorted().map {
            "\($0)=\(style.colors[$0]!.map(String.init).joined(separator: "/"))"
        }
        bytes += "style".utf8
        field(style.name, to: &bytes)
        field(style.component, to: &bytes)
        field(colors.joined(separator: ","), to: &bytes)
        bytes.append(10)
    }

    private static func field(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(9)
        TabSeparatedLines.appendEscaped(value, to: &bytes)
    }

    private static func number(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(9)
        bytes.appendDecimal(value)
    }

    private static func fingerprint(_ print: FileFingerprint, to bytes: inout [UInt8]) {
        number(Int(print.size), to: &bytes)
        number(Int(print.seconds), to: &bytes)
        number(Int(print.nanoseconds), to: &bytes)
    }

    static func decode(_ text: String) -> BuildCache? {
        var text = text
        return text.withUTF8 { decode(bytes: $0) }
    }

    private static func decode(bytes: UnsafeBufferPointer<UInt8>) -> BuildCache? {
        var lines = TabSeparatedLines(bytes)
        guard let format = lines.next(), String(decoding: format, as: UTF8.self) == BuildCache.format,
            let keyLine = lines.next(), TabSeparatedLines.starts(keyLine, with: "key\t")
        else { return nil }
        let key = String(decoding: UnsafeBufferPointer(rebasing: keyLine[4...]), as: UTF8.self)
        var cache = BuildCache(siteKey: key, pages: [:], staticFiles: [:])
        var pageClasses: [String: [String]] = [:]
        // A line a page, mostly: room for every page at once (else each growth moves and hashes the records again).
        let lineCount = bytes.reduce(0) { $0 &+ ($1 == 10 ? 1 : 0) }
        cache.pages.reserveCapacity(lineCount)
        pageClasses.reserveCapacity(lineCount)
        var styles: [String: BuildCache.CachedStyle] = [:]
        var lastPage: String?
        // Each page's problems, set once at the end: appended to a record's field one at a time, the list was copied
        // at each problem.
        var problems: [String: (front: [BuildCache.CachedDiagnostic], render: [BuildCache.CachedDiagnostic])] = [:]
        while let line = lines.next() {
            let f = TabSeparatedLines.fields(line).map(TabSeparatedLines.string)
            switch f.first {
            case "output":
                cache.output = f.dropFirst().compactMap { Int($0) }
            case "static" where f.count == 5:
                guard let print = fingerprint(f[2...4]) else { return nil }
                cache.staticFiles[f[1]] = print
            case "page" where f.count == 17:
                guard let print = fingerprint(f[2...4]), let sections = Int(f[14]), let views = Int(f[15]) else {
                    return nil
                }
                var listing = PageListing()
                listing.description = optional(f[7])
                listing.date = optional(f[8])
                listing.weight = optional(f[9]).flatMap { Int($0) }
                listing.draft = f[10] == "1"
                listing.layout = f[11]
                listing.layoutPosition = optional(f[12]).flatMap(position)
                listing.container = optional(f[13])
                cache.pages[f[1]] = BuildCache.PageRecord(
                    fingerprint: print, url: f[5], title: f[6], listing: listing,
                    sections: sections, views: views, frontDiagnostics: [], renderDiagnostics: [], styles: [])
                pageClasses[f[1]] = f[16].isEmpty ? [] : f[16].split(separator: ",").map(String.init)
                lastPage = f[1]
            case "diag" where f.count == 7:
                guard let page = lastPage, let line = Int(f[3]), let column = Int(f[4]) else { return nil }
                let diagnostic = BuildCache.CachedDiagnostic(
                    path: f[2], line: line, column: column, warning: f[5] == "w", message: f[6])
                if f[1] == "front" {
                    problems[page, default: ([], [])].front.append(diagnostic)
                } else {
                    problems[page, default: ([], [])].render.append(diagnostic)
                }
            case "style" where f.count == 4:
                var colors: [String: [UInt32]] = [:]
                for pair in f[3].split(separator: ",") {
                    let parts = pair.split(separator: "=")
                    guard parts.count == 2 else { return nil }
                    colors[String(parts[0])] = parts[1].split(separator: "/").compactMap { UInt32($0) }
                }
                styles[f[1]] = BuildCache.CachedStyle(component: f[2], colors: colors)
            default:
                return nil
            }
        }
        for (page, classes) in pageClasses {
            cache.pages[page]?.styles = classes.compactMap { styles[$0] }
        }
        for (page, found) in problems {
            cache.pages[page]?.frontDiagnostics = found.front
            cache.pages[page]?.renderDiagnostics = found.render
        }
        return cache
    }

    private static func fingerprint(_ fields: ArraySlice<String>) -> FileFingerprint? {
        let values = fields.compactMap { Int64($0) }
        guard values.count == 3 else { return nil }
        return FileFingerprint(size: values[0], seconds: values[1], nanoseconds: values[2])
    }

    /// NUL marks an absent optional value (it never occurs in a page's text fields).
    private static func optional(_ field: String) -> String? { field == "\u{0}" ? nil : field }

    /// `line:column`, as `encode` writes a position.
    private static func position(_ field: String) -> FrontMatter.Position? {
        let parts = field.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return FrontMatter.Position(line: line, column: column)
    }
}
