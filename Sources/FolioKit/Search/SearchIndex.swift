/// The search index as files under `search/`, loaded by the reader's browser as small scripts (they load from
/// `file://` too, where `fetch` is refused): `index.js` lists the shards; `s/<prefix>.js` holds the postings of the
/// terms that start with a prefix; `r/<n>.js` holds records `n*chunk ..< (n+1)*chunk` (what a result shows).
/// A query downloads the index, the shards of its words and the record chunks of the results it shows.
struct SearchIndex {
    static let folder = "search"
    static let format = 1
    static let chunkSize = 16
    /// A shard larger than this is split by one more character of its terms.
    static let shardLimit = 24 * 1024

    /// Path below the output folder → file contents.
    private(set) var files: [(path: String, text: String)] = []
    private(set) var recordCount = 0

    init(pages: [[SearchEntry]]) {
        var postings: [String: [Int32]] = [:]
        var chunks: [String] = []
        var chunk = ""
        var id: Int32 = 0
        for records in pages {
            for record in records {
                for term in record.terms { postings[term.term, default: []].append(contentsOf: [id, Int32(term.weight)]) }
                chunk += chunk.isEmpty ? "[" : ","
                chunk += record.json
                id += 1
                if Int(id) % Self.chunkSize == 0 {
                    chunks.append(chunk + "]")
                    chunk = ""
                }
            }
        }
        if !chunk.isEmpty { chunks.append(chunk + "]") }
        recordCount = Int(id)

        var groups: [String: [String]] = [:]
        for term in postings.keys { groups[Self.prefix(term, 2), default: []].append(term) }
        var shards: [(key: String, terms: [String])] = []
        for (key, terms) in groups { Self.split(key: key, terms: terms.sorted(), postings: postings, into: &shards) }
        shards.sort { $0.key < $1.key }

        for shard in shards {
            var text = "folioSearch.s(" + Self.literal(shard.key) + ",{"
            for (index, term) in shard.terms.enumerated() {
                if index > 0 { text += "," }
                text += Self.literal(term) + ":["
                var previous: Int32 = 0
                let list = postings[term]!
                var position = 0
                while position < list.count {
                    if position > 0 { text += "," }
                    text += String(list[position] - previous) + "," + String(list[position + 1])
                    previous = list[position]
                    position += 2
                }
                text += "]"
            }
            text += "});\n"
            files.append((Self.folder + "/s/" + Self.fileName(shard.key) + ".js", text))
        }
        for (index, chunk) in chunks.enumerated() {
            files.append((Self.folder + "/r/\(index).js", "folioSearch.r(\(index)," + chunk + ");\n"))
        }
        let keys = shards.map { Self.literal($0.key) }.joined(separator: ",")
        files.append((Self.folder + "/index.js",
            "folioSearch.i({\"v\":\(Self.format),\"n\":\(recordCount),\"chunk\":\(Self.chunkSize),\"shards\":[\(keys)]});\n"))
    }

    /// Splits a shard over the limit by the next character of its terms; a term as long as the key stays in it.
    private static func split(key: String, terms: [String], postings: [String: [Int32]], into shards: inout [(key: String, terms: [String])]) {
        let length = key.unicodeScalars.count
        let size = terms.reduce(0) { $0 + $1.utf8.count + 4 + postings[$1]!.count * 3 }
        guard size > shardLimit, length < 6 else {
            shards.append((key, terms))
            return
        }
        var kept: [String] = []
        var longer: [String: [String]] = [:]
        for term in terms {
            if term.unicodeScalars.count <= length { kept.append(term) } else { longer[prefix(term, length + 1), default: []].append(term) }
        }
        if !kept.isEmpty || longer.isEmpty { shards.append((key, kept)) }
        for (subkey, subterms) in longer { split(key: subkey, terms: subterms, postings: postings, into: &shards) }
    }

    /// The first `count` Unicode scalars of a term: its shard key.
    static func prefix(_ term: String, _ count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in term.unicodeScalars.prefix(count) { scalars.append(scalar) }
        return String(scalars)
    }

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
        if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 == 0xe2 }) { return "\"" + string + "\"" }
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
