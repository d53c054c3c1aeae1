/// The search index as files under `search/`, loaded by the reader's browser as small scripts (they load from
/// `file://` too, where `fetch` is refused): `index.js` lists the shards; `s/<prefix>.js` holds the postings of the
/// terms that start with a prefix; `r/<page>.js` holds a page's records (written by `SearchPage`).
/// A query downloads the index, the shards of its words and the record files of the results it shows.
struct SearchIndex {
    static let folder = "search"
    static let format = 2

    /// Every file: the shards in order of path, then `index.js`.
    private(set) var files: [(path: OutputPath, bytes: [UInt8])] = []
    private(set) var recordCount = 0

    /// The index as `folio build` writes it, its postings made a batch of shards at a time (of about `batchLimit`
    /// postings; by default, as many as the build's). `pages[i]` is page number i of the site.
    init(pages: some SearchPages, batchLimit: Int? = nil) {
        let counts = SearchTermCounts(pages: pages)
        var shards = SearchShards()
        _ = shards.update(counts)
        let groups = shards.groups.map { (key: $0.key, shards: $0.value) }
        let limit = batchLimit ?? SearchPostingsBatch.limit(counts)
        for batch in SearchPostingsBatch.batches(groups, counts: counts, limit: limit) {
            let postings = SearchPostingsBatch(pages: pages, counts: counts, groups: batch)
            for shard in batch.flatMap(\.shards) {
                files.append((Self.path(shard: shard.key), SearchShards.encode(shard, postings: postings)))
            }
        }
        files.sort { $0.path < $1.path }
        recordCount = counts.recordCount
        files.append((Self.indexPath, Self.indexFile(records: recordCount, keys: shards.keys)))
    }

    /// Every file of an index as `folio serve` keeps it, its shards laid out.
    init(_ state: SearchIndexState) {
        recordCount = state.postings.recordCount
        for shard in state.shards.groups.values.joined() {
            files.append((Self.path(shard: shard.key), SearchShards.encode(shard, postings: state.postings)))
        }
        files.sort { $0.path < $1.path }
        files.append((Self.indexPath, Self.indexFile(records: recordCount, keys: state.shards.keys)))
    }

    static let indexPath = OutputPath(folder + "/index.js")

    /// Whether the index writes `path` or a file under it: `search/index.js`, `search/r/…` and `search/s/…`.
    static func owns(_ path: OutputPath) -> Bool {
        path == indexPath || path.relative.hasPrefix(folder + "/r/") || path.relative.hasPrefix(folder + "/s/")
    }

    /// A content file or page among the index's files would break the index (or be removed with its stale files):
    /// an error at the file, with the index on. A page `search.md` (`search/index.html`) is fine.
    static func checkContent(of site: Site, diagnostics: inout Diagnostics) {
        guard site.config.search else { return }
        func check(_ path: OutputPath, of owner: @autoclosure () -> String) {
            guard owns(path) else { return }
            diagnostics.report(
                .error(
                    "\(path) is in the search index's part of the output (search/index.js, search/r/, search/s/); "
                        + "move the file, or turn the index off with 'search: false' in site.yml",
                    at: owner()))
        }
        // Only files under `Content/search/` can be there (a slug names the page, not its folders): every build
        // checks, so the others are passed over by their first bytes.
        let prefix = folder + "/"
        for file in site.staticFiles where file.hasPrefix(prefix) {
            check(OutputPath(file), of: FileTree.display(site.contentDirectory, file))
        }
        for index in site.pages.indices where site.pages[index].sourcePath.hasPrefix(prefix) {
            check(site.pages[index].outputPath, of: site.pages[index].displayPath)
        }
    }

    /// `index.js`: the format, the number of records and every shard key.
    static func indexFile(records: Int, keys: [String]) -> [UInt8] {
        Array(
            "folioSearch.i({\"v\":\(format),\"n\":\(records),\"shards\":[\(keys.map(literal).joined(separator: ","))]});\n"
                .utf8)
    }

    static func path(shard key: String) -> OutputPath { OutputPath(folder + "/s/" + fileName(key) + ".js") }

    /// A shard key as a file name: itself when plain ASCII letters and digits, else `x` and the hex of its UTF-8.
    static func fileName(_ key: String) -> String {
        if key.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7a) }) { return key }
        let digits = Array("0123456789abcdef".utf8)
        var name: [UInt8] = [0x78]
        for byte in key.utf8 {
            name.append(digits[Int(byte >> 4)])
            name.append(digits[Int(byte & 15)])
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// A JSON string literal (also valid JavaScript: U+2028 and U+2029 escaped).
    static func literal(_ string: String) -> String {
        var out: [UInt8] = []
        appendLiteral(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `literal(string)`'s bytes appended to `out`, without an intermediate String (record files hold every
    /// section's text): runs of plain bytes are copied whole. Eight bytes at a time are tested for one that may
    /// need escaping (a control, `"`, `\` or E2), then a byte at a time where one may.
    static func appendLiteral(_ string: String, to out: inout [UInt8]) {
        out.append(0x22)
        appendEscaped(string, to: &out)
        out.append(0x22)
    }

    /// What `appendLiteral` writes between the quotes.
    static func appendEscaped(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendEscaped($0, to: &out) }
    }

    /// `appendEscaped` of UTF-8 bytes.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        mayEscape.withUnsafeBufferPointer { mayEscape in
            var plainFrom = 0
            var index = 0
            let count = bytes.count
            while index < count {
                if index + 8 <= count,
                    !mayNeedEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                guard mayEscape[Int(byte)] != 0 else {
                    index += 1
                    continue
                }
                // U+2028 and U+2029 (E2 80 A8/A9) end a line in JavaScript; other E2 sequences are plain.
                if byte == 0xe2,
                    !(index + 2 < count && bytes[index + 1] == 0x80
                        && (bytes[index + 2] == 0xa8 || bytes[index + 2] == 0xa9))
                {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<index]))
                switch byte {
                case 0x22, 0x5c: out += [0x5c, byte]
                case 0x0a: out += [0x5c, 0x6e]
                case 0xe2:
                    out += [0x5c, 0x75, 0x32, 0x30, 0x32, bytes[index + 2] == 0xa8 ? 0x38 : 0x39]
                    index += 2
                default:
                    let hex: StaticString = "0123456789abcdef"
                    hex.withUTF8Buffer { digits in
                        out += [0x5c, 0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 15)]]
                    }
                }
                index += 1
                plainFrom = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<count]))
        }
    }

    /// Whether any of eight bytes is one of `mayEscape`'s: below 0x20, or `"`, `\` or E2 (each found as a zero
    /// byte of the word xor-ed with it, by the usual has-a-zero-byte test).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5c))
            | hasZero(word ^ (ones &* 0xe2))
            != 0
    }

    /// The bytes `appendLiteral` looks at twice: controls, `"`, `\` and E2 (the lead byte of U+2028 and U+2029).
    private static let mayEscape: [UInt8] = (0..<256).map {
        $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 == 0xe2 ? 1 : 0
    }
}
