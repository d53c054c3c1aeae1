/// The search index as files under `search/`, loaded by the reader's browser as small scripts (they load from
/// `file://` too, where `fetch` is refused): `index.js` lists the shards; `s/<prefix>.js` holds the postings of the
/// terms that start with a prefix; `r/<page>.js` holds a page's records (written by `SearchPage`).
/// A query downloads the index, the shards of its words and the record files of the results it shows.
struct SearchIndex {
    static let folder = "search"
    static let format = 2

    /// Path below the output folder → file contents.
    private(set) var files: [(path: String, bytes: [UInt8])] = []
    private(set) var recordCount = 0

    /// `pages[i]` is page number i of the site.
    init(pages: [SearchPage]) {
        var state = SearchIndexState(siteKey: "", pages: pages)
        _ = state.layOut()
        self.init(state)
    }

    /// Every file of an index whose shards are laid out.
    init(_ state: SearchIndexState) {
        recordCount = state.postings.recordCount
        for shard in state.shards.groups.values.joined() {
            files.append((Self.path(shard: shard.key), SearchShards.encode(shard, postings: state.postings)))
        }
        files.sort { $0.path < $1.path }
        files.append((Self.indexPath, Self.indexFile(records: recordCount, keys: state.shards.keys)))
    }

    static let indexPath = folder + "/index.js"

    /// `index.js`: the format, the number of records and every shard key.
    static func indexFile(records: Int, keys: [String]) -> [UInt8] {
        Array(
            "folioSearch.i({\"v\":\(format),\"n\":\(records),\"shards\":[\(keys.map(literal).joined(separator: ","))]});\n"
                .utf8)
    }

    static func path(shard key: String) -> String { folder + "/s/" + fileName(key) + ".js" }

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
        let bytes = string.utf8
        if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 == 0xe2 }) {
            return "\"" + string + "\""
        }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 8)
        out.append(0x22)
        let hex = Array("0123456789abcdef".utf8)
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in bytes {
            switch byte {
            case 0x22, 0x5c: out += [0x5c, byte]
            case 0x0a: out += [0x5c, 0x6e]
            case 0x00..<0x20: out += [0x5c, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            case 0xa8 where previous == (0xe2, 0x80), 0xa9 where previous == (0xe2, 0x80):
                out.removeLast(2)
                out += [0x5c, 0x75, 0x32, 0x30, 0x32, byte == 0xa8 ? 0x38 : 0x39]
            default: out.append(byte)
            }
            previous = (previous.1, byte)
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}
